import { Card, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { referralsQuery } from '../api/queries/affiliate';
import type { Data } from '../api/types';
import { isVerification, VerificationBadge } from '../ui/badges';
import { flagOf, formatDateTime } from '../ui/format';
import { ListView } from '../ui/list';
import { PAGE_SIZES } from '../ui/search';

const route = getRouteApi('/app/affiliate');

type Referred = Data<'/api/v1/affiliate/referrals', 'get'>['items'][number];

/** The businesses that signed up with this affiliate's code. */
export function Referrals() {
  const { referrals } = route.useSearch();
  const navigate = route.useNavigate();
  const { data, error } = useQuery({
    // A card among others on the page: the smallest page size.
    ...referralsQuery({ page: referrals, pageSize: PAGE_SIZES[0] }),
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
        paging={{
          page: data,
          go: ({ page }) => void navigate({ search: (s) => ({ ...s, referrals: page ?? 1 }) }),
          fixedSize: true,
        }}
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
          {
            header: 'Verification',
            cell: (r) =>
              isVerification(r.businessVerified) ? (
                <VerificationBadge state={r.businessVerified} />
              ) : (
                r.businessVerified
              ),
          },
          { header: 'Joined', cell: (r) => formatDateTime(r.createdAt) },
        ]}
      />
    </Card>
  );
}
