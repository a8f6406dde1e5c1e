import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { adminBusinessesQuery } from '../../api/queries/admin';
import { VerificationBadge } from '../../ui/badges';
import { flagOf, formatDateTime, waitedFor } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { SearchBox } from '../../ui/search-box';
import type { AdminBusiness as Business } from '../types';
import { useQueueLive } from './live';

const route = getRouteApi('/app/admin/businesses');

/** The verification queue (oldest submission first) and, with another state picked, every business. */
export function BusinessesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = (patch: Partial<typeof search>) => void navigate({ search: { ...search, ...patch } });
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
  const { data, error } = useQuery({ ...adminBusinessesQuery(query), placeholderData: keepPreviousData });

  return (
    <Stack>
      <PageHeader
        title={pending ? 'Verification queue' : 'Businesses'}
        description={
          pending
            ? 'Businesses waiting for a decision, the longest-waiting first.'
            : 'Every business, newest first.'
        }
      />
      <ListView<Business>
        noun="businesses"
        filters={
          <Group gap="sm" align="flex-end">
            <SearchBox
              value={search.search}
              placeholder="Company, owner or e-mail"
              onSearch={(s) => go({ search: s, page: 1 })}
              width={320}
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
        }
        items={data?.items}
        error={error}
        empty={pending ? 'No business is waiting for verification.' : 'No business matches.'}
        paging={{ page: data, go }}
        rowKey={(b) => b.id}
        minWidth={640}
        columns={[
          {
            header: 'Business',
            cell: (b) => (
              <>
                <AnchorLink to="/admin/businesses/$id" params={{ id: b.id }} fw={600}>
                  {b.companyName || 'Unnamed business'}
                </AnchorLink>
                {b.type === 'affiliate' && (
                  <Text size="xs" c="dimmed">
                    Affiliate
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Owner',
            cell: (b) => (
              <>
                <Text size="sm">{b.account.name}</Text>
                <Text size="xs" c="dimmed">
                  {b.account.email}
                </Text>
              </>
            ),
          },
          {
            header: 'Country',
            cell: (b) =>
              b.countryCode ? (
                <span>
                  <span aria-hidden="true">{flagOf(b.countryCode)} </span>
                  {b.countryCode}
                </span>
              ) : (
                '—'
              ),
          },
          { header: 'State', cell: (b) => <VerificationBadge state={b.businessVerified} /> },
          {
            header: pending ? 'Waiting' : 'Registered',
            cell: (b) =>
              pending ? (
                <Text size="sm" title={formatDateTime(b.verificationSubmittedAt)}>
                  {b.verificationSubmittedAt ? waitedFor(b.verificationSubmittedAt) : 'not submitted yet'}
                </Text>
              ) : (
                formatDateTime(b.createdAt)
              ),
          },
        ]}
      />
    </Stack>
  );
}
