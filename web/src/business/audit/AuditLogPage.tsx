import { Button, Group, Select, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { download, saveBlob } from '../../api/client';
import { errorText } from '../../api/errors';
import { auditLogQuery, membersQuery } from '../../api/queries/members';
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry, auditColumns } from '../../ui/audit';
import { formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';

const route = getRouteApi('/app/audit-log');

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
      <ListView<AuditEntry>
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
              data={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
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
        columns={auditColumns((id) => memberName.get(id))}
      />
    </>
  );
}
