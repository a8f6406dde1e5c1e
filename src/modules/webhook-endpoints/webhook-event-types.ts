/**
 * The events an endpoint may subscribe to (docs/api.md "Outgoing webhooks"). `webhook.test` is not among
 * them: it goes only to the endpoint a member sends it to.
 */
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

export const TEST_EVENT_TYPE = 'webhook.test';

/** One event for the outbox: its type, when it happened and its `data` (a JSON object). */
export interface WebhookEvent {
  type: WebhookEventType;
  at: Date;
  data: Record<string, unknown>;
}
