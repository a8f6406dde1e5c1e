// Generated from src/vocabulary/, src/platform/realtime-events.ts, src/platform/auth/api-key-scopes.ts and src/modules/webhook-endpoints by `npm run web:api`; do not edit.

/** Every state a campaign message can be in, in the service's order. */
export const MESSAGE_STATES = ['held', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** What the console calls a message in each state. */
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  held: 'Held',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

/** The states of messages waiting to be sent. */
export const PENDING_STATES = ['held', 'queued', 'sending'] as const satisfies readonly MessageState[];

/** The funnel's milestones, in order: how far a message got ("reached at least"). */
export const MILESTONES = ['sent', 'delivered', 'read'] as const;
export type Milestone = (typeof MILESTONES)[number];

/** Milestones a message reaches by what its recipient does (a clicked message may or may not be read). */
export const ENGAGEMENTS = ['clicked', 'replied'] as const;
export type Engagement = (typeof ENGAGEMENTS)[number];

/** The funnel's steps as the console shows them: the milestones, then the engagements. */
export const FUNNEL = ['sent', 'delivered', 'read', 'clicked', 'replied'] as const;
export type FunnelStep = (typeof FUNNEL)[number];

/** What the console calls each engagement. */
export const ENGAGEMENT_LABELS: Record<Engagement, string> = { clicked: 'Clicked', replied: 'Replied' };

/** What the activity counts (timelines, days): every milestone, failures and engagements. */
export const ACTIVITY_KINDS = ['sent', 'delivered', 'read', 'failed', 'clicked', 'replied'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A campaign's status as the API shows it. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'pending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Where a campaign is in its lifecycle (its badge): paused and stopped ones are `pending` by status. */
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'sending', 'paused', 'stopped', 'completed'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** The states of a message in an inbox conversation. */
export const REPLY_STATES = ['received', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];

/** The categories a template, and so a campaign, is sent in. */
export const MESSAGE_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** What the rate card prices: the template categories, and service replies inside the window. */
export const PRICE_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];

/** What a send does about a provider's failure. */
export const FAILURE_OUTCOMES = ['retry', 'defer', 'optout', 'fail', 'stop', 'pause'] as const;
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];

/** The roles a member of a business can have. */
export const MEMBER_ROLES = ['owner', 'admin', 'marketer', 'agent', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The roles an invitation or a role change may give: the owner's role moves only by a handover. */
export const ASSIGNABLE_ROLES = [
  'admin',
  'marketer',
  'agent',
  'viewer',
] as const satisfies readonly MemberRole[];

/** The roles whose members may be given conversations: those that may answer them (`inbox:reply`). */
export const REPLYING_ROLES = ['owner', 'admin', 'agent'] as const satisfies readonly MemberRole[];

/** What an API key's scopes are made of: `<resource>:read` and `<resource>:write` for each. */
export const API_KEY_RESOURCES = [
  'contacts',
  'campaigns',
  'templates',
  'conversations',
  'reports',
  'webhooks',
] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'message.sent',
  'message.delivered',
  'message.read',
  'message.failed',
  'message.received',
  'message.clicked',
  'campaign.status_changed',
  'contact.created',
  'contact.opted_out',
  'template.status_changed',
  'conversation.assigned',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Every kind of notification the service creates. */
export type NotificationType =
  | 'account.signed_up'
  | 'account.email_verified'
  | 'business.verification_submitted'
  | 'business.waba_number_refused'
  | 'transaction.flagged'
  | 'business.verified'
  | 'business.rejected'
  | 'business.review_again'
  | 'business.waba_number_released'
  | 'campaign.sent'
  | 'campaign.completed'
  | 'campaign.not_sent'
  | 'contact.opted_in'
  | 'contact.opted_out'
  | 'payment.succeeded'
  | 'withdrawal.updated'
  | 'ticket.updated'
  | 'ticket.commented'
  | 'template.status_changed'
  | 'campaign.stopped'
  | 'campaign.paused'
  | 'business.quality_dropped'
  | 'business.messaging_limit_changed'
  | 'webhook.endpoint_disabled';

/** The events the server sends to the rooms a client joined, by name, with their payloads. */
export interface RoomEvents {
  /** every notification, once stored (see the types below) */
  notification: {
    id: string;
    type:
      | 'account.signed_up'
      | 'account.email_verified'
      | 'business.verification_submitted'
      | 'business.waba_number_refused'
      | 'transaction.flagged'
      | 'business.verified'
      | 'business.rejected'
      | 'business.review_again'
      | 'business.waba_number_released'
      | 'campaign.sent'
      | 'campaign.completed'
      | 'campaign.not_sent'
      | 'contact.opted_in'
      | 'contact.opted_out'
      | 'payment.succeeded'
      | 'withdrawal.updated'
      | 'ticket.updated'
      | 'ticket.commented'
      | 'template.status_changed'
      | 'campaign.stopped'
      | 'campaign.paused'
      | 'business.quality_dropped'
      | 'business.messaging_limit_changed'
      | 'webhook.endpoint_disabled';
    title: string;
    message: string;
    isRead: boolean;
    createdAt: string;
    receiverId: string;
    receiverType: 'business' | 'admin';
  };
  /** to every admin and superadmin when a business is accepted or rejected */
  businessVerificationDecided: {
    businessId: string;
    status: 'accepted' | 'rejected';
    reason: string | null;
    decidedAt: string;
  };
  /** while its messages move (sends, delivery reports, clicks): at most once a second per campaign (however many server processes), and once more when it completes (`status` `sent`, `state` `completed`); `sent`, `delivered`, `read` count messages that reached at least that state (a message that failed after it was sent is in `sent` and `failed`); `clicked`, `replied` count messages whose recipient did so at least once (followed one of their tracked links, answered them); `pending` ones are not sent yet */
  campaignProgress: {
    campaignId: string;
    status: 'draft' | 'scheduled' | 'pending' | 'sent';
    state: 'draft' | 'scheduled' | 'sending' | 'paused' | 'stopped' | 'completed';
    recipients: number;
    sent: number;
    delivered: number;
    read: number;
    clicked: number;
    replied: number;
    failed: number;
    pending: number;
  };
  /** when a template's status or category changes (the Cloud webhook's template events); a `template.status_changed` notification comes with it */
  templateStatus: {
    id: string;
    name: string;
    language: string;
    status:
      | 'PENDING'
      | 'APPROVED'
      | 'REJECTED'
      | 'PAUSED'
      | 'DISABLED'
      | 'IN_APPEAL'
      | 'PENDING_DELETION'
      | 'LIMIT_EXCEEDED';
    category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
    rejectedReason: string | null;
  };
  /** a contact's message stored in its conversation, and each reply of the business as it is queued and as its state moves (sent, delivered, read, failed); carries the conversation as it stands */
  conversationMessage: {
    conversation: {
      id: string;
      contactId: string | null;
      phoneNumber: string;
      name: string | null;
      status: 'open' | 'closed';
      unreadCount: number;
      lastMessageAt: string;
      lastMessageText: string | null;
      tags: string[];
      assigneeId: string | null;
      windowEndsAt: string | null;
    };
    message: {
      id: string;
      direction: 'in' | 'out';
      type:
        | 'text'
        | 'image'
        | 'video'
        | 'audio'
        | 'document'
        | 'sticker'
        | 'button'
        | 'reaction'
        | 'location'
        | 'contacts'
        | 'template'
        | 'interactive'
        | 'campaign'
        | 'unsupported';
      text: string | null;
      status: 'received' | 'queued' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed';
      mediaUrl: string | null;
      mediaType: string | null;
      mediaStatus: 'pending' | 'fetched' | 'failed' | null;
      details: Record<string, unknown> | null;
      error: string | null;
      campaignId: string | null;
      createdAt: string;
      replyTo: {
        messageId: string;
        campaignId: string | null;
        campaignName: string | null;
        text: string | null;
      } | null;
      interactive?: Record<string, unknown> | null;
      automation?: {
        ruleId: string;
        ruleName: string;
      } | null;
      pricing: {
        billable: boolean | null;
        pricing_model: string | null;
        category: string | null;
        type: string | null;
      } | null;
    };
  };
  /** a conversation assigned to a member, taken, released or moved (by a member, or automatically when a contact writes); carries the conversation as it stands, its previous assignee and who did it */
  conversationAssigned: {
    conversation: {
      id: string;
      contactId: string | null;
      phoneNumber: string;
      name: string | null;
      status: 'open' | 'closed';
      unreadCount: number;
      lastMessageAt: string;
      lastMessageText: string | null;
      tags: string[];
      assigneeId: string | null;
      windowEndsAt: string | null;
    };
    previousAssigneeId: string | null;
    assignedBy: string | null;
  };
}

/** What the server answers the socket that asked to join rooms. */
export interface SocketAnswers {
  /** a room asked for was joined */
  joinedRoom: {
    roomType: 'business' | 'admin';
    roomId: string;
  };
  /** a room asked for was not joined (nothing joined), or the session ended */
  error: {
    message: string;
    event: string;
  };
}

/** Every event a client receives from the server. */
export type ServerEvents = RoomEvents & SocketAnswers;
