import { Card, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Data } from '../admin/types';
import { formatDateTime, formatMoney, ListView, StateBadge, useSearchUpdate } from '../admin/ui';
import { api, unwrap } from '../api/client';
import { affiliateRoute } from './area';
import { AFFILIATE } from './queries';

const KIND: Record<string, string> = {
  affiliate_commission: 'Commission',
  affiliate_commission_reversal: 'Commission taken back (refund)',
  withdrawal: 'Withdrawal',
  withdrawal_refund: 'Withdrawal returned',
};

type Entry = Data<'/api/v1/affiliate/transactions', 'get'>['items'][number];

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
      <ListView<Entry>
        noun="commissions and withdrawals"
        items={data?.items}
        error={error}
        empty="Nothing yet: commissions appear when a business you referred sends a campaign."
        paging={{ page: data, go: ({ page }) => go({ history: page }), fixedSize: true }}
        rowKey={(t) => t.id}
        minWidth={520}
        columns={[
          { header: 'When', cell: (t) => formatDateTime(t.createdAt) },
          {
            header: 'What',
            cell: (t) => (
              <>
                {KIND[t.kind] ?? t.kind}
                {t.description && (
                  <Text size="xs" c="dimmed">
                    {t.description}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Amount',
            align: 'right',
            cell: (t) =>
              formatMoney(
                Math.abs(t.earningsDelta || t.amount),
                t.currency === 'CREDIT' ? 'NGN' : t.currency,
              ),
          },
          { header: 'State', cell: (t) => <StateBadge state={t.status} /> },
        ]}
      />
    </Card>
  );
}
