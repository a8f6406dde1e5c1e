import {
  ROOM_EVENTS,
  type Room,
  type RoomEventName,
  type RoomEvents,
  type RoomOf,
} from './realtime-events.js';

/**
 * Where real-time events are pushed. The Socket.IO gateway (api role) or a Redis emitter (worker role)
 * implements it; `NullRealtimeHub` drops events when no channel is running (tests, scripts). Only the events
 * of `realtime-events.ts`, to their rooms, with their payloads.
 */
export interface RealtimeHub {
  emit<E extends RoomEventName>(room: RoomOf<E>, event: E, payload: RoomEvents[E]): void;
}

export const rooms = {
  business: (businessId: string): Room<'business'> => `business:${businessId}`,
  admin: (accountId: string): Room<'admin'> => `admin:${accountId}`,
};

export class NullRealtimeHub implements RealtimeHub {
  emit(): void {}
}

/**
 * Records what was emitted: for tests that check a notification was pushed without opening a socket. Each
 * payload is checked against its declaration (`ROOM_EVENTS`) first: one that does not match throws.
 */
export class RecordingRealtimeHub implements RealtimeHub {
  readonly events: { room: string; event: RoomEventName; payload: unknown }[] = [];
  emit<E extends RoomEventName>(room: RoomOf<E>, event: E, payload: RoomEvents[E]): void {
    ROOM_EVENTS[event].payload.strict().parse(payload);
    this.events.push({ room, event, payload });
  }
}
