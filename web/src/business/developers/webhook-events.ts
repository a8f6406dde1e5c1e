import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../api/model';
import type { WebhookDelivery, WebhookEndpoint } from '../../api/queries/webhooks';
import { stateBadge } from '../../ui/badges';

/** What the console calls each event an endpoint may subscribe to. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'message.sent': 'Sent',
  'message.delivered': 'Delivered',
  'message.read': 'Read',
  'message.failed': 'Failed',
  'message.received': 'Received from a contact',
  'message.clicked': 'Link clicked',
  'campaign.status_changed': 'Status changed',
  'contact.created': 'Created',
  'contact.opted_out': 'Opted out',
  'template.status_changed': 'Status changed',
  'conversation.assigned': 'Assigned',
};

const GROUP_LABELS: Record<string, string> = {
  message: 'Messages',
  campaign: 'Campaigns',
  contact: 'Contacts',
  template: 'Templates',
  conversation: 'Conversations',
};

/** The events grouped by what they are about ("Messages": sent, delivered…), in the service's order. */
export const EVENT_GROUPS: { label: string; types: WebhookEventType[] }[] = Object.values(
  WEBHOOK_EVENT_TYPES.reduce<Record<string, { label: string; types: WebhookEventType[] }>>((groups, type) => {
    const subject = type.split('.')[0]!;
    groups[subject] ??= { label: GROUP_LABELS[subject] ?? subject, types: [] };
    groups[subject].types.push(type);
    return groups;
  }, {}),
);

/** "message.delivered" in words: "Messages: delivered". */
export function eventInWords(type: string): string {
  const group = EVENT_GROUPS.find((g) => g.types.includes(type as WebhookEventType));
  const label = EVENT_LABELS[type as WebhookEventType];
  if (!group || !label) return type === 'webhook.test' ? 'Test event' : type;
  return `${group.label}: ${label.toLowerCase()}`;
}

/** An endpoint's state in one word: on, failing (every delivery fails), or off (by a member or a day of failures). */
type EndpointState = 'active' | 'failing' | 'off';
export function endpointState(e: Pick<WebhookEndpoint, 'enabled' | 'failingSince'>): EndpointState {
  if (!e.enabled) return 'off';
  return e.failingSince ? 'failing' : 'active';
}
export const EndpointStateBadge = stateBadge<EndpointState>({
  active: 'green',
  failing: 'orange',
  off: 'gray',
});

export const DeliveryStatusBadge = stateBadge<WebhookDelivery['status']>(
  { pending: 'yellow', succeeded: 'green', failed: 'red' },
  { pending: 'retrying', succeeded: 'delivered', failed: 'failed' },
);
