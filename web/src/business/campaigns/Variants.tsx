import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { campaignKeys, campaignVariantsQuery } from '../../api/queries/campaigns';
import { formatDateTime, formatNumber } from '../../ui/format';

const METRIC_LABEL = { readRate: 'read rate', clickRate: 'click rate' } as const;

/**
 * An A/B campaign's variants side by side: each one's funnel and rates, the rule and when it decides, the
 * winner and when the rest went. Before the rule decides, the business may send the rest a variant now.
 */
export function Variants({ campaignId, live }: { campaignId: string; live: number }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  // `live` moves with every campaignProgress: the variants are read again then.
  const view = useQuery({ ...campaignVariantsQuery(campaignId), refetchInterval: 10_000 });
  const v = view.data;
  if (!v?.abTest) return null;
  const best = Math.max(...v.variants.map((x) => x[v.abTest!.metric]));

  const choose = async (name: string) => {
    if (!window.confirm(`Send the rest of the audience variant ${name} now?`)) return;
    setBusy(name);
    try {
      await unwrap(
        api.POST('/api/v1/campaigns/{id}/winner', {
          params: { path: { id: campaignId } },
          body: { variant: name },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Winner not chosen', message: errorText(err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder data-live={live}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            A/B test
          </Title>
          <Text size="sm" c="dimmed">
            {formatNumber(v.abTest.testShare * 100, 0)}% of the audience tested · best{' '}
            {METRIC_LABEL[v.abTest.metric]} wins
          </Text>
        </Group>
        {v.winner ? (
          <Alert color="green" title={`Variant ${v.winner} won`} data-testid="ab-winner">
            {v.decidedBy === 'manual' ? 'Chosen by hand' : 'Chosen by the rule'}; the rest of the audience was
            sent it on {v.decidedAt ? formatDateTime(v.decidedAt) : '—'}.
          </Alert>
        ) : (
          <Text size="sm" data-testid="ab-pending">
            The winner goes to the rest of the audience on {v.decideAt ? formatDateTime(v.decideAt) : '—'},
            unless you choose one first.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: v.variants.length }}>
          {v.variants.map((x) => {
            const won = v.winner === x.name;
            const leading = !v.winner && x[v.abTest!.metric] === best && best > 0;
            return (
              <Card key={x.name} withBorder data-testid={`variant-${x.name}`}>
                <Stack gap={6}>
                  <Group justify="space-between">
                    <Title order={3} size="h5">
                      Variant {x.name}
                    </Title>
                    {won && (
                      <Badge color="green" variant="light">
                        Winner
                      </Badge>
                    )}
                    {leading && <Badge variant="light">Leading</Badge>}
                  </Group>
                  <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                    {x.message ?? 'Template'}
                  </Text>
                  <Funnel label="Sent" value={x.sent} of={x.recipients} />
                  <Funnel label="Delivered" value={x.delivered} of={x.recipients} />
                  <Funnel label="Read" value={x.read} of={x.recipients} rate={x.readRate} />
                  <Funnel label="Clicked" value={x.clicked} of={x.recipients} rate={x.clickRate} />
                  <Funnel label="Replied" value={x.replied} of={x.recipients} />
                  <Text size="xs" c="dimmed">
                    {formatNumber(x.recipients)} recipients · {formatNumber(x.cost, 2)} credits
                  </Text>
                  {!v.winner && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={busy === x.name}
                      onClick={() => void choose(x.name)}
                    >
                      Send {x.name} to the rest now
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Funnel({ label, value, of, rate }: { label: string; value: number; of: number; rate?: number }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="xs">{label}</Text>
        <Text size="xs" fw={600}>
          {formatNumber(value)}
          {rate !== undefined && ` · ${formatNumber(rate * 100, 1)}%`}
        </Text>
      </Group>
      <Progress size="sm" value={of ? (value / of) * 100 : 0} aria-label={`${label}`} />
    </Stack>
  );
}
