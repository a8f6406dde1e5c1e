import { Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, formatDateTime, formatMoney, Pager, StateBadge, useSearchUpdate } from '../admin/ui';
import { api, unwrap } from '../api/client';
import { errorText } from '../api/errors';
import { affiliateRoute } from './area';
import { AFFILIATE } from './queries';

const KIND: Record<string, string> = {
  affiliate_commission: 'Commission',
  affiliate_commission_reversal: 'Commission taken back (refund)',
  withdrawal: 'Withdrawal',
  withdrawal_refund: 'Withdrawal returned',
};

/** Commissions and withdrawals with their states (a withdrawal moves from pending when the bank answers). */
export function History() {
  const search = affiliateRoute.useSearch();
  const { history } = search;
  const go = useSearchUpdate(search);
  const { data, error } = useQuery({
    queryKey: [AFFILIATE, 'transactions', history],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/affiliate/transactions', { params: { query: { page: history, pageSize: 10 } } }),
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder padding="md" component="section" aria-label="Commissions and withdrawals">
      <Title order={2} size="h4" mb="sm">
        Commissions and withdrawals
      </Title>
      {error ? (
        <Text role="alert" c="red.9">
          {errorText(error)}
        </Text>
      ) : !data ? (
        <Skeleton h={120} />
      ) : !data.items.length ? (
        <Empty>Nothing yet: commissions appear when a business you referred sends a campaign.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((t) => (
                <Table.Tr key={t.id} data-kind={t.kind}>
                  <Table.Td>{formatDateTime(t.createdAt)}</Table.Td>
                  <Table.Td>
                    {KIND[t.kind] ?? t.kind}
                    {t.description && (
                      <Text size="xs" c="dimmed">
                        {t.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(
                      Math.abs(t.earningsDelta || t.amount),
                      t.currency === 'CREDIT' ? 'NGN' : t.currency,
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={t.status} />
                  </Table.Td>
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
          onPage={(page) => go({ history: page })}
          onPageSize={() => undefined}
        />
      )}
    </Card>
  );
}
