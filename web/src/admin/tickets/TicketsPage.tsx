import {
  Anchor,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { ticketsRoute } from '../area';
import { Empty, formatDateTime, Heading, Pager, StateBadge, useSearchUpdate } from '../ui';

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
  const search = ticketsRoute.useSearch();
  const go = useSearchUpdate(search);
  const query = {
    page: search.page,
    pageSize: search.pageSize,
    status: search.status,
    search: search.search,
  };
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'tickets', query],
    queryFn: () => unwrap(api.GET('/api/v1/tickets/admin', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const setSearch = useDebouncedCallback((value: string) => go({ search: value || undefined, page: 1 }), 300);
  return (
    <Stack>
      <Heading title="Support tickets" description="Questions from every business." />
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Question, company or e-mail"
          defaultValue={search.search ?? ''}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
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
      {error ? (
        <Text role="alert" c="red.9">
          {errorText(error)}
        </Text>
      ) : isPending ? (
        <Skeleton h={240} />
      ) : !data?.items.length ? (
        <Empty>No ticket matches.</Empty>
      ) : (
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={680}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Question</Table.Th>
                  <Table.Th>Business</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Priority</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td maw={320}>
                      <Anchor component={Link} to={`/admin/tickets/${t.id}`} lineClamp={2} fw={600}>
                        {t.question}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t.comments.length} comment{t.comments.length === 1 ? '' : 's'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t.business.companyName ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {t.business.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{ISSUE_TYPES[t.issueType] ?? t.issueType}</Table.Td>
                    <Table.Td>
                      <StateBadge state={t.status} />
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={t.priority} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(t.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {data && data.total > 0 && (
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => go({ page })}
          onPageSize={(pageSize) => go({ pageSize, page: 1 })}
        />
      )}
    </Stack>
  );
}
