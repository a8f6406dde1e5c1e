import { Text } from '@mantine/core';
import type { Data } from '../../api/types';
import { formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { SectionCard } from '../../ui/page';

type Report = Data<'/api/v1/campaigns/{id}/report', 'get'>;
type Link = Report['links'][number];

/** Each tracked link with the recipients who followed it and every click. */
export function LinkClicks({ links, delivered }: { links: Report['links']; delivered: number }) {
  if (!links.length) return null;
  return (
    <SectionCard title="Links" gap="sm">
      <ListView<Link>
        noun="links"
        items={links}
        bare
        rowTestId={() => 'link-row'}
        rowKey={(l) => String(l.position)}
        minWidth={300}
        columns={[
          { header: 'Link', cell: (l) => l.url, style: { wordBreak: 'break-all' } },
          {
            header: 'Recipients',
            align: 'right',
            cell: (l) => (
              <>
                {formatNumber(l.clicked)}
                {delivered > 0 && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({formatNumber((l.clicked / delivered) * 100, 1)}%)
                  </Text>
                )}
              </>
            ),
          },
          { header: 'Clicks', align: 'right', cell: (l) => formatNumber(l.clicks) },
        ]}
      />
    </SectionCard>
  );
}
