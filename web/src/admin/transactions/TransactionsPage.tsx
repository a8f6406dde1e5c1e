import {
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { adminBusinessesQuery, adminTransactionsQuery } from '../../api/queries/admin';
import { TransactionBadge } from '../../ui/badges';
import { DetailList } from '../../ui/detail-list';
import { formatDateTime, formatMoney, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { yesNo } from '../../ui/search';
import type { AdminTransaction } from '../types';

const route = getRouteApi('/app/admin/transactions');

const KINDS = [
  ['credit_purchase', 'Credit purchase'],
  ['plan_purchase', 'Plan purchase'],
  ['campaign_credit_debit', 'Campaign (credits)'],
  ['campaign_plan_debit', 'Campaign (plan)'],
  ['campaign_refund', 'Campaign refund'],
  ['campaign_recharge', 'Campaign recharge (delivered after refund)'],
  ['campaign_hold', 'Campaign held at publish (charge on delivery)'],
  ['campaign_settle', 'Campaign charged on delivery'],
  ['campaign_release', 'Campaign hold released (not delivered)'],
  ['reply_credit_debit', 'Conversation reply'],
  ['reply_refund', 'Reply refund'],
  ['reply_recharge', 'Reply recharge (delivered after refund)'],
  ['affiliate_commission', 'Affiliate commission'],
  ['affiliate_commission_reversal', 'Commission taken back'],
  ['withdrawal', 'Withdrawal'],
  ['withdrawal_refund', 'Withdrawal refund'],
  ['admin_adjustment', 'Adjustment'],
] as const;
type Kind = (typeof KINDS)[number][0];
const kindLabel = (k: string) => KINDS.find(([v]) => v === k)?.[1] ?? k;

/** A local calendar day's start as an instant, so the range means days where the admin is. */
const dayStart = (day: string | undefined, plusDays = 0) => {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + plusDays);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

export function amountText(t: Pick<AdminTransaction, 'amount' | 'currency'>): string {
  return t.currency === 'CREDIT' ? `${formatNumber(t.amount, 2)} credits` : formatMoney(t.amount, t.currency);
}

/** Every business's transactions with filters in the URL; a row opens its detail. */
export function TransactionsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = (patch: Partial<typeof search>) => void navigate({ search: { ...search, ...patch } });
  const query = {
    page: search.page,
    pageSize: search.pageSize,
    status: search.status,
    kind: KINDS.some(([k]) => k === search.kind) ? (search.kind as Kind) : undefined,
    flagged: yesNo(search.flagged),
    businessId: search.businessId,
    from: dayStart(search.from),
    to: dayStart(search.to, 1),
  };
  const { data, error } = useQuery({ ...adminTransactionsQuery(query), placeholderData: keepPreviousData });
  const businesses = useQuery(adminBusinessesQuery({ pageSize: 100 }));
  const set = (patch: Partial<typeof search>) => go({ ...patch, page: 1, open: undefined });
  const open = data?.items.find((t) => t.id === search.open) ?? null;
  const filtered = Object.entries(search).some(
    ([k, v]) => !['page', 'pageSize', 'open'].includes(k) && v !== undefined,
  );

  return (
    <Stack>
      <PageHeader
        title="Transactions"
        description="Every business's purchases, campaign charges, commissions and withdrawals."
      />
      <ListView<AdminTransaction>
        noun="transactions"
        filters={
          <Card withBorder padding="sm">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }}>
              <Select
                label="Flagged"
                placeholder="Any"
                clearable
                data={[
                  { value: 'true', label: 'Flagged for review' },
                  { value: 'false', label: 'Not flagged' },
                ]}
                value={search.flagged === undefined ? null : String(search.flagged)}
                onChange={(v) => set({ flagged: v === null ? undefined : v === 'true' })}
              />
              <Select
                label="Status"
                placeholder="Any"
                clearable
                data={['pending', 'successful', 'failed', 'reversed']}
                value={search.status ?? null}
                onChange={(v) => set({ status: v ?? undefined })}
              />
              <Select
                label="Kind"
                placeholder="Any"
                clearable
                data={KINDS.map(([value, label]) => ({ value, label }))}
                value={query.kind ?? null}
                onChange={(v) => set({ kind: v ?? undefined })}
              />
              <Select
                label="Business"
                placeholder="Any"
                clearable
                searchable
                data={(businesses.data?.items ?? []).map((b) => ({
                  value: b.id,
                  label: b.companyName || b.account.email,
                }))}
                value={search.businessId ?? null}
                onChange={(v) => set({ businessId: v ?? undefined })}
              />
              <TextInput
                label="From"
                type="date"
                value={search.from ?? ''}
                onChange={(e) => set({ from: e.currentTarget.value || undefined })}
              />
              <TextInput
                label="To"
                type="date"
                value={search.to ?? ''}
                onChange={(e) => set({ to: e.currentTarget.value || undefined })}
              />
            </SimpleGrid>
            {filtered && (
              <Button
                variant="subtle"
                size="xs"
                mt="xs"
                onClick={() =>
                  go({
                    page: 1,
                    status: undefined,
                    kind: undefined,
                    flagged: undefined,
                    businessId: undefined,
                    from: undefined,
                    to: undefined,
                  })
                }
              >
                Clear the filters
              </Button>
            )}
          </Card>
        }
        items={data?.items}
        error={error}
        empty="No transaction matches these filters."
        paging={{ page: data, go }}
        rowKey={(t) => t.id}
        minWidth={720}
        columns={[
          {
            header: 'When',
            cell: (t) => (
              <UnstyledButton c="blue.8" fw={600} onClick={() => go({ open: t.id })}>
                {formatDateTime(t.createdAt)}
              </UnstyledButton>
            ),
          },
          { header: 'Business', cell: (t) => t.companyName ?? '—' },
          { header: 'Kind', cell: (t) => kindLabel(t.kind) },
          { header: 'Amount', align: 'right', cell: (t) => amountText(t) },
          {
            header: 'Status',
            cell: (t) => (
              <Group gap={4} wrap="nowrap">
                <TransactionBadge state={t.status} />
                {t.flagged && (
                  <Badge color="red.9" variant="filled" radius="sm">
                    flagged
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
      />
      <Drawer
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={!!open}
        onClose={() => go({ open: undefined })}
        title="Transaction"
        position="right"
      >
        {open && <TransactionDetail t={open} />}
      </Drawer>
    </Stack>
  );
}

function TransactionDetail({ t }: { t: AdminTransaction }) {
  const rows: [string, React.ReactNode][] = [
    [
      'Business',
      <Link key="b" to="/admin/businesses/$id" params={{ id: t.businessId }}>
        {t.companyName ?? t.businessId}
      </Link>,
    ],
    ['Kind', kindLabel(t.kind)],
    ['Status', <TransactionBadge key="s" state={t.status} />],
    ['Amount', amountText(t)],
    ['Credits', t.credits === null ? '—' : formatNumber(t.credits, 2)],
    ['Balance change', formatNumber(t.balanceDelta, 2)],
    ['Earnings change', formatNumber(t.earningsDelta, 2)],
    ['Reference', t.reference],
    ['Description', t.description ?? '—'],
    ['Flagged', t.flagged ? `Yes: ${t.flagReason ?? 'no reason given'}` : 'No'],
    ['Created', formatDateTime(t.createdAt)],
    ['Updated', formatDateTime(t.updatedAt)],
  ];
  return <DetailList rows={rows} />;
}
