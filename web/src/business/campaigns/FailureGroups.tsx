import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Data } from '../../api/types';
import { formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';

type Report = Data<'/api/v1/campaigns/{id}/report', 'get'>;
type Reason = Report['failureGroups'][number]['reasons'][number];

const OUTCOME_COLOR: Record<string, string> = {
  retry: 'yellow.9',
  defer: 'blue.9',
  optout: 'grape.9',
  fail: 'red.9',
  stop: 'red.9',
  cancelled: 'gray.8',
};

/** Failed messages grouped by what their failure calls for, in words, with what was charged and given back. */
export function FailureGroups({ report: r }: { report: Report }) {
  return (
    <>
      {r.failureGroups.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Why messages failed
          </Title>
          <Stack gap="md">
            {r.failureGroups.map((g) => (
              <Stack key={g.outcome} gap={4} data-testid={`failure-group-${g.outcome}`}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Badge color={OUTCOME_COLOR[g.outcome] ?? 'gray.8'} variant="filled">
                      {formatNumber(g.count)}
                    </Badge>
                    <Text fw={700}>{g.words}</Text>
                  </Group>
                  {g.refunded > 0 && <Text size="sm">{formatNumber(g.refunded)} refunded</Text>}
                </Group>
                <ListView<Reason>
                  noun="reasons"
                  label={`Reasons: ${g.words}`}
                  items={g.reasons}
                  bare
                  rowKey={(f) => f.reason}
                  minWidth={280}
                  columns={[
                    { header: 'Reason', cell: (f) => <Text size="sm">{f.reason}</Text> },
                    { header: 'Messages', align: 'right', cell: (f) => formatNumber(f.count) },
                  ]}
                />
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
      {r.money.charged > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Cost
          </Title>
          <SimpleGrid cols={3}>
            <Money label="Charged" value={r.money.charged} />
            <Money label="Refunded" value={r.money.refunded} />
            <Money label="Net" value={r.money.net} />
          </SimpleGrid>
        </Card>
      )}
    </>
  );
}

function Money({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={20} fw={700} data-testid={`money-${label.toLowerCase()}`}>
        {formatNumber(value, 2)} credits
      </Text>
    </Stack>
  );
}
