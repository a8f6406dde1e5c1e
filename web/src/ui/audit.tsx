import { Text } from '@mantine/core';
import type { Data, Query } from '../api/types';
import { formatDateTime } from './format';
import type { Column } from './list';

/** One audit entry, as the business's log and an administrator's view of it answer it. */
export type AuditEntry = Data<'/api/v1/audit-log', 'get'>['items'][number];
export type AuditAction = NonNullable<Query<'/api/v1/audit-log'>['action']>;

/** What each recorded action is called: one per action the API records (a new one fails to compile). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'account.signed_in': 'Signed in',
  'member.invited': 'Invited a member',
  'invitation.resent': 'Sent an invitation again',
  'invitation.revoked': 'Revoked an invitation',
  'member.joined': 'Joined',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'ownership.transferred': 'Handed over ownership',
  'seats.changed': 'Seats changed',
  'business.updated': 'Edited the business profile',
  'business.verification_submitted': 'Submitted the business for verification',
  'provider.credentials_saved': 'Saved the messaging provider',
  'notification_settings.updated': 'Changed notification settings',
  'business.charging_changed': 'Changed when campaigns are charged',
  'template.created': 'Created a template',
  'template.deleted': 'Deleted a template',
  'templates.synced': 'Synchronised templates',
  'campaign.created': 'Created a campaign',
  'campaign.updated': 'Edited a campaign',
  'campaign.deleted': 'Deleted a campaign',
  'campaign.published': 'Published a campaign',
  'campaign.paused': 'Paused a campaign',
  'campaign.resumed': 'Resumed a campaign',
  'campaign.cancelled': 'Cancelled a campaign',
  'campaign.retried': 'Retried failed messages',
  'campaign.winner_chosen': 'Chose an A/B winner',
  'contact.created': 'Added a contact',
  'contact.updated': 'Edited a contact',
  'contact.deleted': 'Deleted a contact',
  'contacts.deleted': 'Deleted contacts',
  'contacts.imported': 'Imported contacts',
  'contacts.exported': 'Exported contacts',
  'contacts.tagged': 'Tagged contacts',
  'contact_field.created': 'Added a contact field',
  'contact_field.updated': 'Changed a contact field',
  'contact_field.deleted': 'Deleted a contact field',
  'segment.created': 'Created a segment',
  'segment.updated': 'Changed a segment',
  'segment.deleted': 'Deleted a segment',
  'wallet.checkout_started': 'Started a purchase',
  'wallet.purchase_completed': 'Completed a purchase',
  'conversation.assigned': 'Assigned a conversation',
  'inbox_assignment.updated': 'Changed automatic assignment',
  'api_key.created': 'Created an API key',
  'api_key.rotated': 'Rotated an API key',
  'api_key.revoked': 'Revoked an API key',
  'webhook_endpoint.created': 'Added a webhook endpoint',
  'webhook_endpoint.updated': 'Changed a webhook endpoint',
  'webhook_endpoint.deleted': 'Deleted a webhook endpoint',
  'webhook_endpoint.secret_rotated': "Rotated a webhook endpoint's secret",
  'webhook_delivery.replayed': 'Replayed a webhook delivery',
  'automation_rule.created': 'Created an automation rule',
  'automation_rule.updated': 'Changed an automation rule',
  'automation_rule.deleted': 'Deleted an automation rule',
  'automation_rule.enabled': 'Switched an automation rule on',
  'automation_rule.disabled': 'Switched an automation rule off',
  'business_hours.updated': 'Changed the business hours',
  'automation_settings.updated': 'Changed the automation settings',
};

const labelOf = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/**
 * The columns of an audit log: when, who (a member's name where the reader knows it, else the e-mail kept with
 * the entry), what, and its details.
 */
export function auditColumns(nameOf: (accountId: string) => string | undefined): Column<AuditEntry>[] {
  return [
    {
      header: 'When',
      cell: (e) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(e.createdAt)}
        </Text>
      ),
    },
    {
      header: 'Who',
      cell: (e) =>
        (e.actorId && nameOf(e.actorId)) ?? e.actorEmail ?? (e.actorId ? 'A former member' : 'The platform'),
    },
    { header: 'Action', cell: (e) => labelOf(e.action) },
    { header: 'Details', cell: (e) => <Details details={e.details} />, maw: 320 },
  ];
}

/** An entry's details as "key: value" pairs (an e-mail, a role's from and to). */
function Details({ details }: { details: Record<string, unknown> }) {
  // Ids (an invitation's, a member's) mean nothing to a reader: the e-mail and the role say who and what.
  const pairs = Object.entries(details).filter(
    ([k, v]) => v !== null && v !== undefined && v !== '' && !/Id$/.test(k),
  );
  if (!pairs.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {pairs.map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ')}
    </Text>
  );
}
