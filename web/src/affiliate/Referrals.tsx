import { Card, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Data } from '../admin/types';
import { flagOf, formatDateTime, ListView, StateBadge, useSearchUpdate } from '../admin/ui';
import { api, unwrap } from '../api/client';
import { affiliateRoute } from './area';
import { AFFILIATE } from './queries';

type Referred = Data<'/api/v1/affiliate/referrals', 'get'>['items'][number];

/** The businesses that signed up with this affiliate's code. */
export function Referrals() {
  const search = affiliateRoute.useSearch();
  const { referrals } = search;
  const go = useSearchUpdate(search);
  const { data, error } = useQuery({
    queryKey: [AFFILIATE, 'referrals', referrals],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/affiliate/referrals', { params: { query: { page: referrals, pageSize: 10 } } }),
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder padding="md" component="section" aria-label="Referred businesses">
      <Title order={2} size="h4" mb="sm">
        Referred businesses {data ? `(${data.total})` : ''}
      </Title>
      <ListView<Referred>
        noun="referred businesses"
        items={data?.items}
        error={error}
        empty="No business has signed up with your code yet."
        paging={{ page: data, go: ({ page }) => go({ referrals: page }), fixedSize: true }}
        rowKey={(r) => r.id}
        minWidth={480}
        columns={[
          {
            header: 'Business',
            cell: (r) => (
              <>
                {r.companyName ?? r.name}
                <Text size="xs" c="dimmed">
                  {r.name}
                </Text>
              </>
            ),
          },
          {
            header: 'Country',
            cell: (r) =>
              r.countryCode ? (
                <>
                  <span aria-hidden="true">{flagOf(r.countryCode)} </span>
                  {r.countryCode}
                </>
              ) : (
                '—'
              ),
          },
          { header: 'Verification', cell: (r) => <StateBadge state={r.businessVerified} /> },
          { header: 'Joined', cell: (r) => formatDateTime(r.createdAt) },
        ]}
      />
    </Card>
  );
}
