import type { Data } from '../../api/types';
import { flagOf, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { SectionCard } from '../../ui/page';

type Report = Data<'/api/v1/campaigns/{id}/report', 'get'>;
type Line = Report['costByCountry'][number];

/** What the campaign's messages cost, by recipient country and category (refunded ones taken off). */
export function CostByCountry({ report }: { report: Report }) {
  const lines = report.costByCountry;
  if (!lines.length) return null;
  const unit = report.paymentMethod === 'plan' ? 'plan units' : 'credits';
  return (
    <SectionCard title={`Cost by country (${unit})`} gap="sm">
      <ListView<Line>
        noun="countries"
        items={lines}
        bare
        rowTestId={() => 'cost-row'}
        rowKey={(l) => `${l.category}/${l.country ?? ''}`}
        minWidth={320}
        columns={[
          {
            header: 'Country',
            cell: (l) => (l.country ? `${flagOf(l.country)} ${l.country}`.trim() : 'Not known'),
          },
          { header: 'Category', cell: (l) => l.category },
          { header: 'Messages', align: 'right', cell: (l) => formatNumber(l.messages) },
          { header: 'Price each', align: 'right', cell: (l) => formatNumber(l.price, 4) },
          { header: 'Cost', align: 'right', cell: (l) => formatNumber(l.cost, 4) },
        ]}
      />
    </SectionCard>
  );
}
