import { Button, Code, Group, Modal, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import {
  type DeliveriesQuery,
  type WebhookDelivery,
  webhookDeliveriesQuery,
  webhookKeys,
} from '../../api/queries/webhooks';
import { formatDateTime } from '../../ui/format';
import { ListView } from '../../ui/list';
import { toast } from '../../ui/page';
import { DeliveryStatusBadge, eventInWords } from './webhook-events';

const STATUS_CHOICES = [
  { value: '', label: 'Every status' },
  { value: 'pending', label: 'Waiting or retrying' },
  { value: 'succeeded', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

/** What the program answered the last attempt, in words. */
function answerOf(d: WebhookDelivery): string {
  if (d.lastStatusCode !== null) return `HTTP ${d.lastStatusCode}`;
  return d.lastError ?? (d.attempts ? '—' : 'Not tried yet');
}

/** An endpoint's deliveries of the last 30 days, newest first, read again every few seconds while open. */
export function WebhookDeliveries({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<DeliveriesQuery>({ page: 1, pageSize: 25 });
  const [viewed, setViewed] = useState<WebhookDelivery | null>(null);
  const list = useQuery(webhookDeliveriesQuery(endpointId, query));
  const replay = useMutation({
    mutationFn: (d: WebhookDelivery) =>
      unwrap(
        api.POST('/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay', {
          params: { path: { id: endpointId, deliveryId: d.id } },
        }),
      ),
    onSuccess: async () => {
      toast('Delivery queued again, with the same webhook-id.', 'green');
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
    onError: (err) => toast(errorText(err), 'red'),
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="deliveries-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="deliveries-title">
          Deliveries
        </Title>
        <Button size="xs" variant="subtle" onClick={onClose}>
          Hide deliveries
        </Button>
      </Group>
      <ListView<WebhookDelivery>
        noun="deliveries"
        filters={
          <Select
            label="Status"
            data={STATUS_CHOICES}
            value={query.status ?? ''}
            onChange={(v) =>
              setQuery({ ...query, page: 1, status: (v || undefined) as DeliveriesQuery['status'] })
            }
            allowDeselect={false}
            maw={240}
          />
        }
        items={list.data?.items}
        error={list.error}
        empty="No delivery in the last 30 days. Send a test event to see one."
        rowKey={(d) => d.id}
        minWidth={860}
        paging={{ page: list.data, go: (patch) => setQuery({ ...query, ...patch }) }}
        columns={[
          {
            header: 'Event',
            cell: (d) => (
              <Stack gap={0}>
                <Text size="sm">{eventInWords(d.eventType)}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {d.id}
                </Text>
              </Stack>
            ),
          },
          { header: 'Status', cell: (d) => <DeliveryStatusBadge state={d.status} /> },
          { header: 'Attempts', cell: (d) => d.attempts, align: 'right' },
          { header: 'Answer', cell: (d) => answerOf(d), maw: 220 },
          { header: 'Last attempt', cell: (d) => (d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '—') },
          {
            header: 'Next attempt',
            cell: (d) => (d.status === 'pending' && d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'),
          },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (d) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setViewed(d)}
                  aria-label={`Body of ${d.id}`}
                >
                  Body
                </Button>
                {/* A delivery still being tried is retried on its own: replaying it would race its retry. */}
                {d.status !== 'pending' && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={replay.isPending && replay.variables?.id === d.id}
                    onClick={() => replay.mutate(d)}
                    aria-label={`Replay ${d.id}`}
                  >
                    Replay
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={!!viewed} onClose={() => setViewed(null)} title="What was posted" size="lg">
        {viewed && (
          <ScrollArea.Autosize mah={480}>
            <Code block>{JSON.stringify(viewed.payload, null, 2)}</Code>
          </ScrollArea.Autosize>
        )}
      </Modal>
    </Stack>
  );
}
