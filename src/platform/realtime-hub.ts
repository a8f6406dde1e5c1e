import { type MemberRole, PERMISSIONS, ROLE_PERMISSIONS } from './auth/permissions.js';
import {
  NOTIFICATION_PERMISSIONS,
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

/**
 * A business room is delivered through rooms inside it, so each member receives only what its role may read
 * (`EventAudience`). Emitters still name the business room; the hub picks the inner rooms.
 */
export const businessRooms = {
  /** Members whose role holds the permission. */
  can: (businessId: string, permission: string) => `business:${businessId}:can:${permission}`,
  /** Every socket of one member acting for the business: how its rooms are changed when its role is. */
  member: (businessId: string, accountId: string) => `business:${businessId}:member:${accountId}`,
  /** A member who may hold conversations: the events of the ones assigned to it. */
  assigned: (businessId: string, accountId: string) => `business:${businessId}:assigned:${accountId}`,
  /** Members who see unassigned conversations. */
  unassigned: (businessId: string) => `business:${businessId}:unassigned`,
};

/** The rooms a member's sockets join in a business, from its role (none without one). */
export function memberRooms(businessId: string, accountId: string, role: MemberRole | null): string[] {
  if (!role) return [];
  const permissions = [...ROLE_PERMISSIONS[role]];
  const joined = [businessRooms.member(businessId, accountId)];
  joined.push(...permissions.map((p) => businessRooms.can(businessId, p)));
  if (permissions.includes('inbox:read'))
    joined.push(businessRooms.assigned(businessId, accountId), businessRooms.unassigned(businessId));
  return joined;
}

/** Every room `memberRooms` may give a member but its own: what a role change leaves before joining anew. */
export function everyMemberRoom(businessId: string, accountId: string): string[] {
  return [
    ...PERMISSIONS.map((p) => businessRooms.can(businessId, p)),
    businessRooms.assigned(businessId, accountId),
    businessRooms.unassigned(businessId),
  ];
}

type ConversationEvent = { conversation: { assigneeId: string | null }; previousAssigneeId?: string | null };

/**
 * The rooms an event emitted to `room` reaches: an admin room as it is; a business room's members by the
 * event's audience. A conversation's event reaches those who see every conversation and those who see this
 * one: its assignee, or everyone with the inbox while unassigned; when it changes hands, the previous holder
 * too, so the conversation leaves that member's list live.
 */
export function deliveryRooms<E extends RoomEventName>(
  room: RoomOf<E>,
  event: E,
  payload: RoomEvents[E],
): string[] {
  const businessId = room.startsWith('business:') ? room.slice('business:'.length) : null;
  const audience = ROOM_EVENTS[event].audience;
  if (!businessId || audience === null) return [room];
  if (audience === 'notification') {
    const { type } = payload as RoomEvents['notification'];
    const needs = NOTIFICATION_PERMISSIONS[type as keyof typeof NOTIFICATION_PERMISSIONS];
    // A type without a business audience is never sent to a business: none of its members is meant.
    return needs ? [businessRooms.can(businessId, needs)] : [];
  }
  if (audience !== 'conversation') return [businessRooms.can(businessId, audience)];
  const { conversation, previousAssigneeId } = payload as ConversationEvent;
  const holders = [conversation.assigneeId];
  if (previousAssigneeId !== undefined) holders.push(previousAssigneeId);
  const reached = new Set([businessRooms.can(businessId, 'inbox:read-all')]);
  for (const holder of holders)
    reached.add(holder ? businessRooms.assigned(businessId, holder) : businessRooms.unassigned(businessId));
  return [...reached];
}

export class NullRealtimeHub implements RealtimeHub {
  emit(): void {}
}

/**
 * Records what was emitted: for tests that check a notification was pushed without opening a socket. Each
 * payload is checked against its declaration (`ROOM_EVENTS`) first: one that does not match throws.
 * `deliveredTo` is the rooms the gateway would deliver it to.
 */
export class RecordingRealtimeHub implements RealtimeHub {
  readonly events: { room: string; event: RoomEventName; payload: unknown; deliveredTo: string[] }[] = [];
  emit<E extends RoomEventName>(room: RoomOf<E>, event: E, payload: RoomEvents[E]): void {
    ROOM_EVENTS[event].payload.strict().parse(payload);
    this.events.push({ room, event, payload, deliveredTo: deliveryRooms(room, event, payload) });
  }
}
