/**
 * Where notifications are pushed. The Socket.IO gateway (api role) or a Redis emitter (worker role)
 * implements it; `NullRealtimeHub` drops events when no channel is running (tests, scripts).
 */
export interface RealtimeHub {
  emit(room: string, event: string, payload: unknown): void;
}

export const rooms = {
  business: (businessId: string) => `business:${businessId}`,
  admin: (accountId: string) => `admin:${accountId}`,
};

export class NullRealtimeHub implements RealtimeHub {
  emit(): void {}
}

/** Records what was emitted: for tests that check a notification was pushed without opening a socket. */
export class RecordingRealtimeHub implements RealtimeHub {
  readonly events: { room: string; event: string; payload: unknown }[] = [];
  emit(room: string, event: string, payload: unknown): void {
    this.events.push({ room, event, payload });
  }
}
