import { Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { revenueQuery } from '../../api/queries/pricing';
import type { Data } from '../../api/types';
import { DetailList } from '../../ui/detail-list';
import { flagOf, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, SectionCard } from '../../ui/page';

type Line = Data<'/api/v1/admin/analytics/revenue', 'get'>['items'][number];
const route = getRouteApi('/app/admin/revenue');
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const credits = (n: number | null) => (n === null ? '—' : formatNumber(n, 4));

/**
 * What businesses paid in credits, by recipient country and category, against what the provider charges
 * for those messages (the cost the rate card records now): the margin, per line and in all.
 */
export function RevenuePage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data, error } = useQuery(revenueQuery({ from: search.from, to: search.to, timeZone: timeZone() }));
  const t = data?.totals;
  return (
    <Stack>
      <PageHeader
        title="Revenue and margin"
        description="Credits paid for campaign messages and replies (refunds taken off), by recipient country and category, against the provider's cost on the rate card."
      />
      <Group gap="sm" align="flex-end">
        <TextInput
          type="date"
          label="From"
          value={search.from ?? data?.from ?? ''}
          onChange={(e) => navigate({ search: (s) => ({ ...s, from: e.currentTarget.value || undefined }) })}
        />
        <TextInput
          type="date"
          label="To"
          value={search.to ?? data?.to ?? ''}
          onChange={(e) => navigate({ search: (s) => ({ ...s, to: e.currentTarget.value || undefined }) })}
        />
      </Group>
      {t && (
        <SectionCard title="In all">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DetailList
              rows={[
                ['Messages', formatNumber(t.messages)],
                ['Revenue', `${credits(t.revenue)} credits`],
              ]}
            />
            <DetailList
              rows={[
                ['Provider cost', `${credits(t.cost)} credits`],
                ['Margin', `${credits(t.margin)} credits`],
              ]}
            />
          </SimpleGrid>
          {t.messagesWithoutCost > 0 && (
            <Text size="sm" fw={500}>
              {formatNumber(t.messagesWithoutCost)} messages have no provider cost on the rate card: their
              margin is not counted. Enter the cost on the rate card.
            </Text>
          )}
        </SectionCard>
      )}
      <ListView<Line>
        noun="revenue lines"
        items={data?.items}
        error={error}
        empty="No message was paid in these days."
        rowKey={(l) => `${l.category}/${l.country ?? ''}`}
        minWidth={640}
        columns={[
          {
            header: 'Country',
            cell: (l) => (l.country ? `${flagOf(l.country)} ${l.country}`.trim() : 'Not known'),
          },
          { header: 'Category', cell: (l) => l.category },
          { header: 'Messages', align: 'right', cell: (l) => formatNumber(l.messages) },
          { header: 'Revenue', align: 'right', cell: (l) => credits(l.revenue) },
          { header: 'Provider cost', align: 'right', cell: (l) => credits(l.cost) },
          { header: 'Margin', align: 'right', cell: (l) => credits(l.margin) },
        ]}
      />
    </Stack>
  );
}
