import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ServerEvents } from '../api/model';
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

/**
 * Calls `handler` for every `event` while the component is mounted (the latest handler, no re-subscribe).
 * The events and their payloads are the server's own declaration (`../api/model`, generated from it).
 */
export function useLiveEvent<E extends keyof ServerEvents>(
  event: E,
  handler: (payload: ServerEvents[E]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const s = socket;
    if (!s) return;
    // The socket itself is untyped: the event's name as a plain string, its payload as declared above.
    const name: string = event;
    const listener = (payload: ServerEvents[E]) => latest.current(payload);
    s.on(name, listener);
    return () => {
      s.off(name, listener);
    };
  }, [event]);
}
