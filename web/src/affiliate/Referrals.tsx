import { Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, flagOf, formatDateTime, Pager, StateBadge, useSearchUpdate } from '../admin/ui';
import { api, unwrap } from '../api/client';
import { errorText } from '../api/errors';
import { affiliateRoute } from './area';
import { AFFILIATE } from './queries';

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
      {error ? (
        <Text role="alert" c="red.9">
          {errorText(error)}
        </Text>
      ) : !data ? (
        <Skeleton h={120} />
      ) : !data.items.length ? (
        <Empty>No business has signed up with your code yet.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Business</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Verification</Table.Th>
                <Table.Th>Joined</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {r.companyName ?? r.name}
                    <Text size="xs" c="dimmed">
                      {r.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {r.countryCode ? (
                      <>
                        <span aria-hidden="true">{flagOf(r.countryCode)} </span>
                        {r.countryCode}
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={r.businessVerified} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.total > 10 && (
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => go({ referrals: page })}
          onPageSize={() => undefined}
        />
      )}
    </Card>
  );
}
