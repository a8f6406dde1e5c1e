import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { creditPricingQuery, walletQuery, walletTransactionsQuery } from '../../api/queries/payments';
import { myPlanQuery, plansQuery } from '../../api/queries/plans';
import type { Data } from '../../api/types';
import { useCan } from '../../auth/session';
import { TransactionBadge } from '../../ui/badges';
import { FormError } from '../../ui/form-errors';
import { formatDateTime, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, SectionCard } from '../../ui/page';
import { DEFAULT_PAGE_SIZE } from '../../ui/search';
import { useCheckout } from './checkout';

type WalletTransaction = Data<'/api/v1/payments/transactions', 'get'>['items'][number];

const route = getRouteApi('/app/wallet');

/** Charge on delivery's entries, named for what they do to the credits. */
const HOLD_LABELS: Record<string, string> = {
  campaign_hold: 'Held at publish',
  campaign_settle: 'Charged on delivery',
  campaign_release: 'Released (not delivered)',
};

export function WalletPage() {
  const may = useCan();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const wallet = useQuery(walletQuery);
  const myPlan = useQuery(myPlanQuery);
  const plans = useQuery(plansQuery);
  const transactions = useQuery({
    ...walletTransactionsQuery({ page: search.page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <PageHeader title="Wallet" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Credits available
          </Text>
          <Text fz={30} fw={700} data-testid="wallet-balance">
            {wallet.data ? formatNumber(wallet.data.available, 2) : '…'}
          </Text>
          {/* Only a business charged on delivery ever holds credits: the others are not told of it. */}
          {wallet.data && Number(wallet.data.held) > 0 && (
            <Text size="sm" data-testid="wallet-held">
              {`${formatNumber(wallet.data.held, 2)} held until messages are delivered`}
            </Text>
          )}
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            My plan
          </Text>
          {myPlan.data ? (
            <>
              <Text fz={22} fw={700}>
                {myPlan.data.plan.name}
              </Text>
              <Text size="sm">
                {formatNumber(myPlan.data.balance)} plan credits left, until{' '}
                {new Date(myPlan.data.expiredDate).toLocaleDateString()}
              </Text>
            </>
          ) : (
            <Text fz={22} fw={700}>
              No plan
            </Text>
          )}
        </Card>
      </SimpleGrid>
      {may('wallet:purchase') && <BuyCredits />}
      {plans.data && plans.data.items.length > 0 && (
        <SectionCard title="Plans" gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {plans.data.items.map((p) => (
              <PlanCard key={p.id} plan={p} />
            ))}
          </SimpleGrid>
        </SectionCard>
      )}
      <SectionCard title="Transactions" gap="sm">
        <ListView<WalletTransaction>
          noun="transactions"
          items={transactions.data?.items}
          error={transactions.error}
          empty="No transactions yet."
          paging={{
            page: transactions.data,
            go: (patch) => void navigate({ search: { page: patch.page ?? 1 } }),
            fixedSize: true,
          }}
          bare
          striped
          rowKey={(t) => t.id}
          minWidth={600}
          columns={[
            { header: 'Date', cell: (t) => formatDateTime(t.createdAt) },
            {
              header: 'What',
              cell: (t) => {
                const label = HOLD_LABELS[t.kind];
                return label ? `${label}: ${t.description ?? ''}` : (t.description ?? t.kind);
              },
            },
            {
              header: 'Amount',
              align: 'right',
              cell: (t) => `${formatNumber(t.amount, 2)} ${t.currency}`,
            },
            {
              header: 'Credits',
              align: 'right',
              cell: (t) => (t.balanceDelta ? formatNumber(t.balanceDelta, 2) : ''),
            },
            { header: 'Status', cell: (t) => <TransactionBadge state={t.status} /> },
          ]}
        />
      </SectionCard>
    </Stack>
  );
}

/** Price per credit from the service, then the provider's checkout (the return page verifies it). */
function BuyCredits() {
  const [credits, setCredits] = useState<number | string>(1000);
  const [debounced] = useDebouncedValue(credits, 300);
  const checkout = useCheckout();
  const [error, setError] = useState<string | null>(null);
  const valid = typeof debounced === 'number' && debounced >= 1;
  const price = useQuery({
    ...creditPricingQuery(valid ? debounced : 0),
    enabled: valid,
    retry: false,
  });
  const buy = () => {
    if (typeof credits !== 'number' || credits < 1) return setError('Enter how many credits to buy');
    setError(null);
    void checkout.go(() => api.POST('/api/v1/payments/credit-link', { body: { totalCredit: credits } }));
  };
  return (
    <SectionCard title="Buy credits">
      <Group align="flex-end">
        <NumberInput
          label="Credits"
          min={1}
          allowDecimal={false}
          thousandSeparator=","
          value={credits}
          onChange={setCredits}
          w={200}
        />
        <Button onClick={buy} loading={checkout.busy}>
          Buy credits
        </Button>
      </Group>
      {price.data && (
        <Text role="status" data-testid="credit-price">
          {formatNumber(price.data.totalCredit)} credits cost{' '}
          {price.data.priceNGN !== null ? `₦${formatNumber(price.data.priceNGN, 2)}` : ''} (US$
          {formatNumber(price.data.priceUSD, 2)}; US${formatNumber(price.data.rates.pricePerCredit, 4)} per
          credit)
        </Text>
      )}
      {price.isError && <FormError message={errorText(price.error)} />}
      <FormError message={error ?? checkout.error} />
    </SectionCard>
  );
}

function PlanCard({
  plan,
}: {
  plan: {
    id: string;
    name: string;
    description: string | null;
    duration: number;
    freeCredit: number;
    localPrice: number;
    currency: string;
    price: number;
  };
}) {
  const checkout = useCheckout();
  const buy = () => checkout.go(() => api.POST('/api/v1/payments/plan-link', { body: { planId: plan.id } }));
  return (
    <Card withBorder>
      <Stack gap={4}>
        <Text fw={700}>{plan.name}</Text>
        <Text fz={20} fw={700}>
          {formatNumber(plan.localPrice, 2)} {plan.currency}
        </Text>
        <Text size="sm">
          {formatNumber(plan.freeCredit)} credits for {plan.duration} days
        </Text>
        {plan.description && <Text size="sm">{plan.description}</Text>}
        <FormError message={checkout.error} />
        <Button
          variant="light"
          onClick={buy}
          loading={checkout.busy}
          mt="xs"
          aria-label={`Buy the ${plan.name} plan`}
        >
          Buy
        </Button>
      </Stack>
    </Card>
  );
}
