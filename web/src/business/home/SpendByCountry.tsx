import { useQuery } from '@tanstack/react-query';
import { spendQuery } from '../../api/queries/analytics';
import type { Data } from '../../api/types';
import { flagOf, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { SectionCard } from '../../ui/page';

type Line = Data<'/api/v1/analytics/spend', 'get'>['items'][number];

/** Credits paid the last 30 days by recipient country and category (campaigns and replies, refunds off). */
export function SpendByCountry() {
  const spend = useQuery(spendQuery);
  const data = spend.data;
  if (!data?.items.length) return null;
  return (
    <SectionCard title={`Spent by country, last 30 days: ${formatNumber(data.totalCredits, 2)} credits`}>
      <ListView<Line>
        noun="countries"
        items={data.items}
        bare
        rowKey={(l) => `${l.category}/${l.country ?? ''}`}
        minWidth={320}
        columns={[
          {
            header: 'Country',
            cell: (l) => (l.country ? `${flagOf(l.country)} ${l.country}`.trim() : 'Not known'),
          },
          { header: 'Category', cell: (l) => l.category },
          { header: 'Messages', align: 'right', cell: (l) => formatNumber(l.messages) },
          { header: 'Credits', align: 'right', cell: (l) => formatNumber(l.credits, 4) },
        ]}
      />
    </SectionCard>
  );
}
