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
import { businessesRoute } from '../area';
import { Empty, flagOf, formatDateTime, Heading, Pager, StateBadge, useSearchUpdate, waitedFor } from '../ui';
import { useQueueLive } from './live';

/** The verification queue (oldest submission first) and, with another state picked, every business. */
export function BusinessesPage() {
  const search = businessesRoute.useSearch();
  const go = useSearchUpdate(search);
  useQueueLive();
  const pending = search.verified === 'pending';
  const query = {
    page: search.page,
    pageSize: search.pageSize,
    search: search.search,
    verified: search.verified === 'all' ? undefined : search.verified,
    // The queue is who asked for a decision; the other views show every business in that state.
    submitted: pending ? ('true' as const) : undefined,
    sort: pending ? ('waiting' as const) : ('newest' as const),
  };
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'businesses', query],
    queryFn: () => unwrap(api.GET('/api/v1/admin/businesses', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const setSearch = useDebouncedCallback((value: string) => go({ search: value || undefined, page: 1 }), 300);

  return (
    <Stack>
      <Heading
        title={pending ? 'Verification queue' : 'Businesses'}
        description={
          pending
            ? 'Businesses waiting for a decision, the longest-waiting first.'
            : 'Every business, newest first.'
        }
      />
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Company, owner or e-mail"
          defaultValue={search.search ?? ''}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <SegmentedControl
          aria-label="Verification state"
          value={search.verified}
          onChange={(v) => go({ verified: v as typeof search.verified, page: 1 })}
          data={[
            { value: 'pending', label: 'Waiting' },
            { value: 'accepted', label: 'Accepted' },
            { value: 'rejected', label: 'Rejected' },
            { value: 'all', label: 'All' },
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
        <Empty>{pending ? 'No business is waiting for verification.' : 'No business matches.'}</Empty>
      ) : (
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Business</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>{pending ? 'Waiting' : 'Registered'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/businesses/${b.id}`} fw={600}>
                        {b.companyName || 'Unnamed business'}
                      </Anchor>
                      {b.type === 'affiliate' && (
                        <Text size="xs" c="dimmed">
                          Affiliate
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{b.account.name}</Text>
                      <Text size="xs" c="dimmed">
                        {b.account.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {b.countryCode ? (
                        <span>
                          <span aria-hidden="true">{flagOf(b.countryCode)} </span>
                          {b.countryCode}
                        </span>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={b.businessVerified} />
                    </Table.Td>
                    <Table.Td>
                      {pending ? (
                        <Text size="sm" title={formatDateTime(b.verificationSubmittedAt)}>
                          {b.verificationSubmittedAt
                            ? waitedFor(b.verificationSubmittedAt)
                            : 'not submitted yet'}
                        </Text>
                      ) : (
                        formatDateTime(b.createdAt)
                      )}
                    </Table.Td>
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
