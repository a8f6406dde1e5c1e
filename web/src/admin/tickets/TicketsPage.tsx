import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { adminTicketsQuery } from '../../api/queries/tickets';
import { TicketPriorityBadge, TicketStatusBadge } from '../../ui/badges';
import { formatDateTime } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { SearchBox } from '../../ui/search-box';
import type { AdminTicket } from '../types';

const route = getRouteApi('/app/admin/tickets');

export const ISSUE_TYPES: Record<string, string> = {
  organizationAccount: 'Organisation account',
  userSubscription: 'Subscription',
  paymentAndCredit: 'Payment and credit',
  bugReports: 'Bug report',
  featureRequests: 'Feature request',
  campaignDelivery: 'Campaign delivery',
};

/** Every business's tickets, by status, newest activity first. */
export function TicketsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = (patch: Partial<typeof search>) => void navigate({ search: { ...search, ...patch } });
  const query = {
    page: search.page,
    pageSize: search.pageSize,
    status: search.status,
    search: search.search,
  };
  const { data, error } = useQuery({ ...adminTicketsQuery(query), placeholderData: keepPreviousData });
  return (
    <Stack>
      <PageHeader title="Support tickets" description="Questions from every business." />
      <ListView<AdminTicket>
        noun="tickets"
        filters={
          <Group gap="sm" align="flex-end">
            <SearchBox
              value={search.search}
              placeholder="Question, company or e-mail"
              onSearch={(s) => go({ search: s, page: 1 })}
            />
            <SegmentedControl
              aria-label="Status"
              value={search.status ?? 'all'}
              onChange={(v) => go({ status: v === 'all' ? undefined : (v as typeof search.status), page: 1 })}
              data={[
                { value: 'all', label: 'All' },
                { value: 'pending', label: 'Pending' },
                { value: 'open', label: 'Open' },
                { value: 'resolved', label: 'Resolved' },
                { value: 'closed', label: 'Closed' },
              ]}
            />
          </Group>
        }
        items={data?.items}
        error={error}
        empty="No ticket matches."
        paging={{ page: data, go }}
        rowKey={(t) => t.id}
        minWidth={680}
        columns={[
          {
            header: 'Question',
            maw: 320,
            cell: (t) => (
              <>
                <AnchorLink to="/admin/tickets/$id" params={{ id: t.id }} lineClamp={2} fw={600}>
                  {t.question}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {t.comments.length} comment{t.comments.length === 1 ? '' : 's'}
                </Text>
              </>
            ),
          },
          {
            header: 'Business',
            cell: (t) => (
              <>
                <Text size="sm">{t.business.companyName ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {t.business.email}
                </Text>
              </>
            ),
          },
          { header: 'Type', cell: (t) => ISSUE_TYPES[t.issueType] ?? t.issueType },
          { header: 'Status', cell: (t) => <TicketStatusBadge state={t.status} /> },
          { header: 'Priority', cell: (t) => <TicketPriorityBadge state={t.priority} /> },
          { header: 'Updated', cell: (t) => formatDateTime(t.updatedAt) },
        ]}
      />
    </Stack>
  );
}
