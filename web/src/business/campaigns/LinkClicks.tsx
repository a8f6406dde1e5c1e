import { Card, Table, Text, Title } from '@mantine/core';
import type { Data } from '../../api/types';
import { formatNumber } from '../../ui/format';

type Report = Data<'/api/v1/campaigns/{id}/report', 'get'>;

/** Each tracked link with the recipients who followed it and every click. */
export function LinkClicks({ links, delivered }: { links: Report['links']; delivered: number }) {
  if (!links.length) return null;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Links
      </Title>
      <Table.ScrollContainer minWidth={300}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Link</Table.Th>
              <Table.Th ta="right">Recipients</Table.Th>
              <Table.Th ta="right">Clicks</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((l) => (
              <Table.Tr key={l.position} data-testid="link-row">
                <Table.Td style={{ wordBreak: 'break-all' }}>{l.url}</Table.Td>
                <Table.Td ta="right">
                  {formatNumber(l.clicked)}
                  {delivered > 0 && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({formatNumber((l.clicked / delivered) * 100, 1)}%)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(l.clicks)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
