import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { Session } from '../auth/session';

let socket: Socket | null = null;
let joined: { businessId?: string; userId?: string } = {};

/**
 * The one real-time connection of the signed-in tab. The handshake carries the `token` cookie (same origin);
 * on every (re)connection it rejoins the business's room and, for administrators, the account's room.
 */
export function connectRealtime(session: Session): Socket {
  joined = session.user.isAdmin
    ? { userId: session.user.id }
    : { businessId: session.user.businessId ?? undefined };
  if (socket) return socket;
  socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
  socket.on('connect', () => socket?.emit('rejoinRooms', joined));
  return socket;
}

export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
}

/** Calls `handler` for every `event` while the component is mounted (the latest handler, no re-subscribe). */
export function useLiveEvent<T = unknown>(event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const s = socket;
    if (!s) return;
    const listener = (payload: T) => latest.current(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [event]);
}
