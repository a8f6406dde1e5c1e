import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { download, saveBlob } from '../../api/client';
import { errorText } from '../../api/errors';
import { type AuditQuery, auditLogQuery, membersQuery } from '../../api/queries/members';
import type { Data } from '../../api/types';
import { formatDateTime, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';

const route = getRouteApi('/app/audit-log');

type Entry = Data<'/api/v1/audit-log', 'get'>['items'][number];

type AuditAction = NonNullable<AuditQuery['action']>;

/** What each recorded action is called on the page: one per action the API records (a new one fails to compile). */
const ACTION_LABELS: Record<AuditAction, string> = {
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
  'wallet.checkout_started': 'Started a purchase',
  'wallet.purchase_completed': 'Completed a purchase',
  'conversation.assigned': 'Assigned a conversation',
  'api_key.created': 'Created an API key',
  'api_key.rotated': 'Rotated an API key',
  'api_key.revoked': 'Revoked an API key',
};

const labelOf = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;

/** A date field (yyyy-mm-dd, the reader's day) as the instant its day starts, `days` later. */
function dayStart(date: string, days = 0): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d! + days).toISOString();
}

const isDay = (v: string | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * Who did what in the business, newest first: filtered by member, action and days (both ends included),
 * paged, and exported as CSV with the same filters.
 */
export function AuditLogPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = (patch: Partial<typeof search>) =>
    void navigate({ search: { ...search, page: 1, ...patch }, replace: true });
  const members = useQuery(membersQuery);
  const rangeWrong = isDay(search.from) && isDay(search.to) && search.to < search.from;
  const filters = {
    ...(search.actorId ? { actorId: search.actorId } : {}),
    ...(search.action ? { action: search.action as AuditAction } : {}),
    ...(isDay(search.from) ? { from: dayStart(search.from) } : {}),
    // "To" names the last day shown: the API's `to` is exclusive, so the next day's start.
    ...(isDay(search.to) && !rangeWrong ? { to: dayStart(search.to, 1) } : {}),
  };
  const list = useQuery({
    ...auditLogQuery({ page: search.page, pageSize: search.pageSize, ...filters }),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const params = new URLSearchParams(filters as Record<string, string>);
      const file = await download(`/api/v1/audit-log/export?${params}`);
      saveBlob(file.blob, file.fileName);
      toast(`Exported ${formatNumber(file.count)} entries`, 'green');
    } catch (err) {
      toast(`Export failed: ${errorText(err)}`, 'red');
    } finally {
      setExporting(false);
    }
  };
  const memberName = new Map((members.data ?? []).map((m) => [m.accountId, m.name]));

  return (
    <>
      <PageHeader title="Audit log" description="Who did what in the business, and when. Kept for a year.">
        <Button variant="default" onClick={exportCsv} loading={exporting}>
          Export CSV
        </Button>
      </PageHeader>
      <ListView<Entry>
        noun="entries"
        filters={
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Select
              label="Member"
              placeholder="Everyone"
              clearable
              data={(members.data ?? []).map((m) => ({
                value: m.accountId,
                label: `${m.name} (${m.email})`,
              }))}
              value={search.actorId ?? null}
              onChange={(v) => go({ actorId: v ?? undefined })}
              w={{ base: '100%', xs: 240 }}
            />
            <Select
              label="Action"
              placeholder="Every action"
              clearable
              data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
              value={search.action ?? null}
              onChange={(v) => go({ action: v ?? undefined })}
              w={{ base: '100%', xs: 220 }}
            />
            <TextInput
              type="date"
              label="From"
              value={search.from ?? ''}
              onChange={(e) => go({ from: e.currentTarget.value || undefined })}
              w={{ base: '100%', xs: 160 }}
            />
            <TextInput
              type="date"
              label="To (included)"
              value={search.to ?? ''}
              onChange={(e) => go({ to: e.currentTarget.value || undefined })}
              error={rangeWrong ? 'Choose a day on or after “From”' : undefined}
              w={{ base: '100%', xs: 160 }}
            />
          </Group>
        }
        items={list.data?.items}
        error={list.error}
        empty={
          Object.keys(filters).length ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'
        }
        paging={{ page: list.data, go: (patch) => void navigate({ search: { ...search, ...patch } }) }}
        rowKey={(e) => e.id}
        minWidth={760}
        columns={[
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
              (e.actorId && memberName.get(e.actorId)) ??
              e.actorEmail ??
              (e.actorId ? 'A former member' : 'The platform'),
          },
          { header: 'Action', cell: (e) => labelOf(e.action) },
          { header: 'Details', cell: (e) => <Details details={e.details} />, maw: 320 },
        ]}
      />
    </>
  );
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
