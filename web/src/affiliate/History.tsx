import { Card, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { affiliateTransactionsQuery } from '../api/queries/affiliate';
import type { Data } from '../api/types';
import { TransactionBadge } from '../ui/badges';
import { formatDateTime, formatMoney } from '../ui/format';
import { ListView } from '../ui/list';
import { PAGE_SIZES } from '../ui/search';

const route = getRouteApi('/app/affiliate');

const KIND: Record<string, string> = {
  affiliate_commission: 'Commission',
  affiliate_commission_reversal: 'Commission taken back (refund)',
  withdrawal: 'Withdrawal',
  withdrawal_refund: 'Withdrawal returned',
};

type Entry = Data<'/api/v1/affiliate/transactions', 'get'>['items'][number];

/** Commissions and withdrawals with their states (a withdrawal moves from pending when the bank answers). */
export function History() {
  const { history } = route.useSearch();
  const navigate = route.useNavigate();
  const { data, error } = useQuery({
    // A card among others on the page: the smallest page size.
    ...affiliateTransactionsQuery({ page: history, pageSize: PAGE_SIZES[0] }),
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
        paging={{
          page: data,
          go: ({ page }) => void navigate({ search: (s) => ({ ...s, history: page ?? 1 }) }),
          fixedSize: true,
        }}
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
          { header: 'State', cell: (t) => <TransactionBadge state={t.status} /> },
        ]}
      />
    </Card>
  );
}
