import { z } from 'zod';
import { CAMPAIGN_STATES } from '../vocabulary/campaign-states.js';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../vocabulary/campaign-statuses.js';
import { ENGAGEMENTS, FUNNEL, MILESTONES, recordOf } from '../vocabulary/message-states.js';
import type { Permission } from './auth/permissions.js';
import { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES } from './db/schema/templates.js';
import { conversationAssignedPayload, conversationMessagePayload } from './realtime-conversation.js';

/**
 * The real-time channel's contract, declared once: every event the server sends, the rooms it goes to and
 * its payload. `RealtimeHub.emit` accepts only these (a wrong name, room or payload does not compile), the
 * web console's socket hook is typed by `web/src/api/model.ts`, generated from this file by
 * `npm run web:api`, and the event table of docs/api.md ("Real time") is generated from it too; tests fail
 * when either is out of date.
 */

/** Every kind of notification the service creates. */
export const NOTIFICATION_TYPES = [
  'account.signed_up',
  'account.email_verified',
  'business.verification_submitted',
  'business.waba_number_refused',
  'transaction.flagged',
  'business.verified',
  'business.rejected',
  'business.review_again',
  'business.waba_number_released',
  'campaign.sent',
  'campaign.completed',
  'campaign.not_sent',
  'contact.opted_in',
  'contact.opted_out',
  'payment.succeeded',
  'withdrawal.updated',
  'ticket.updated',
  'ticket.commented',
  'template.status_changed',
  'campaign.stopped',
  'campaign.paused',
  'business.quality_dropped',
  'business.messaging_limit_changed',
  'webhook.endpoint_disabled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Who receives each kind: the admins (one notification each) or the business. */
export const NOTIFICATION_RECEIVERS = {
  'account.signed_up': 'admin',
  'account.email_verified': 'admin',
  'business.verification_submitted': 'admin',
  'business.waba_number_refused': 'admin',
  'transaction.flagged': 'admin',
  'business.verified': 'business',
  'business.rejected': 'business',
  'business.review_again': 'business',
  'business.waba_number_released': 'business',
  'campaign.sent': 'business',
  'campaign.completed': 'business',
  'campaign.not_sent': 'business',
  'contact.opted_in': 'business',
  'contact.opted_out': 'business',
  'payment.succeeded': 'business',
  'withdrawal.updated': 'business',
  'ticket.updated': 'business',
  'ticket.commented': 'business',
  'template.status_changed': 'business',
  'campaign.stopped': 'business',
  'campaign.paused': 'business',
  'business.quality_dropped': 'admin',
  'business.messaging_limit_changed': 'business',
  'webhook.endpoint_disabled': 'business',
} as const satisfies Record<NotificationType, RoomType>;

type BusinessNotificationType = {
  [T in NotificationType]: (typeof NOTIFICATION_RECEIVERS)[T] extends 'business' ? T : never;
}[NotificationType];

/**
 * The permission a member needs to see a business notification (listed or live): the one that reads what it
 * is about, so an agent is not told of payments or opt-outs it could not look up.
 */
export const NOTIFICATION_PERMISSIONS = {
  'business.verified': 'business:read',
  'business.rejected': 'business:read',
  'business.review_again': 'business:read',
  'business.waba_number_released': 'business:read',
  'business.messaging_limit_changed': 'business:read',
  'campaign.sent': 'campaigns:read',
  'campaign.completed': 'campaigns:read',
  'campaign.not_sent': 'campaigns:read',
  'campaign.stopped': 'campaigns:read',
  'campaign.paused': 'campaigns:read',
  'contact.opted_in': 'contacts:read',
  'contact.opted_out': 'contacts:read',
  'payment.succeeded': 'wallet:read',
  'withdrawal.updated': 'affiliate:read',
  'ticket.updated': 'support:use',
  'ticket.commented': 'support:use',
  'template.status_changed': 'templates:read',
  'webhook.endpoint_disabled': 'webhooks:read',
} as const satisfies Record<BusinessNotificationType, Permission>;

/** The business notification types a set of permissions may see. */
export function notificationTypesFor(permissions: ReadonlySet<Permission>): NotificationType[] {
  return (Object.entries(NOTIFICATION_PERMISSIONS) as [NotificationType, Permission][])
    .filter(([, needs]) => permissions.has(needs))
    .map(([type]) => type);
}

export { CAMPAIGN_STATUSES, type CampaignStatus };

export const ROOM_TYPES = ['business', 'admin'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
/** A room's name: `business:<business id>` or `admin:<account id>`. */
export type Room<T extends RoomType = RoomType> = `${T}:${string}`;

export const notificationPayload = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  receiverId: z.string(),
  receiverType: z.enum(ROOM_TYPES),
});

const count = () => z.number().int();

/**
 * Which members of a business room receive an event: those whose role holds a permission (the one that
 * reads the same data over HTTP), or `conversation`: the members who may see that conversation (every
 * conversation with `inbox:read-all`; otherwise its assignee, and everyone with `inbox:read` while it is
 * unassigned), or `notification`: the permission its type needs (`NOTIFICATION_PERMISSIONS`). `null` for
 * events that go to admin rooms only.
 */
export type EventAudience = Permission | 'conversation' | 'notification';

/** The events the server sends to rooms (`RealtimeHub.emit`). */
export const ROOM_EVENTS = {
  notification: {
    rooms: ['business', 'admin'],
    audience: 'notification',
    when: 'every notification, once stored (see the types below)',
    payload: notificationPayload,
  },
  businessVerificationDecided: {
    rooms: ['admin'],
    audience: null,
    when: 'to every admin and superadmin when a business is accepted or rejected',
    payload: z.object({
      businessId: z.string(),
      status: z.enum(['accepted', 'rejected']),
      reason: z.string().nullable(),
      decidedAt: z.string(),
    }),
  },
  campaignProgress: {
    rooms: ['business'],
    audience: 'campaigns:read',
    when:
      'while its messages move (sends, delivery reports, clicks): at most once a second per campaign (however many ' +
      'server processes), and once more when it completes (`status` `sent`, `state` `completed`); ' +
      MILESTONES.map((m) => `\`${m}\``).join(', ') +
      ' count messages that reached at least that state (a message that failed after it was sent is in `sent` ' +
      'and `failed`); ' +
      ENGAGEMENTS.map((e) => `\`${e}\``).join(', ') +
      ' count messages whose recipient did so at least once (followed one of their tracked links, answered ' +
      'them); `pending` ones are not sent yet',
    payload: z.object({
      campaignId: z.string(),
      status: z.enum(CAMPAIGN_STATUSES),
      state: z.enum(CAMPAIGN_STATES),
      recipients: count(),
      ...recordOf(FUNNEL, count),
      failed: count(),
      pending: count(),
    }),
  },
  templateStatus: {
    rooms: ['business'],
    audience: 'templates:read',
    when:
      "when a template's status or category changes (the Cloud webhook's template events); a " +
      '`template.status_changed` notification comes with it',
    payload: z.object({
      id: z.string(),
      name: z.string(),
      language: z.string(),
      status: z.enum(TEMPLATE_STATUSES),
      category: z.enum(TEMPLATE_CATEGORIES),
      rejectedReason: z.string().nullable(),
    }),
  },
  conversationMessage: {
    rooms: ['business'],
    audience: 'conversation',
    when:
      "a contact's message stored in its conversation, and each reply of the business as it is queued and " +
      'as its state moves (sent, delivered, read, failed); carries the conversation as it stands',
    payload: conversationMessagePayload,
  },
  conversationAssigned: {
    rooms: ['business'],
    audience: 'conversation',
    when:
      'a conversation assigned to a member, taken, released or moved (by a member, or automatically when a ' +
      'contact writes); carries the conversation as it stands, its previous assignee and who did it',
    payload: conversationAssignedPayload,
  },
} as const satisfies Record<
  string,
  { rooms: readonly RoomType[]; audience: EventAudience | null; when: string; payload: z.ZodType }
>;

/** What the server answers, to the asking socket only, to a client's `join…Room` / `rejoinRooms`. */
export const SOCKET_ANSWERS = {
  joinedRoom: {
    when: 'a room asked for was joined',
    payload: z.object({ roomType: z.enum(ROOM_TYPES), roomId: z.string() }),
  },
  error: {
    when: 'a room asked for was not joined (nothing joined), or the session ended',
    payload: z.object({ message: z.string(), event: z.string() }),
  },
} as const satisfies Record<string, { when: string; payload: z.ZodType }>;

export type RoomEventName = keyof typeof ROOM_EVENTS;
export type RoomEvents = { [E in RoomEventName]: z.output<(typeof ROOM_EVENTS)[E]['payload']> };
export type SocketAnswers = {
  [E in keyof typeof SOCKET_ANSWERS]: z.output<(typeof SOCKET_ANSWERS)[E]['payload']>;
};
/** The rooms an event may go to. */
export type RoomOf<E extends RoomEventName> = Room<(typeof ROOM_EVENTS)[E]['rooms'][number]>;

export type NotificationPayload = RoomEvents['notification'];
export type CampaignProgressPayload = RoomEvents['campaignProgress'];
export type VerificationDecidedPayload = RoomEvents['businessVerificationDecided'];
