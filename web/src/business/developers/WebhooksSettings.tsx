import { Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import type { WebhookEventType } from '../../api/model';
import {
  type IssuedEndpoint,
  type WebhookEndpoint,
  webhookEndpointsQuery,
  webhookKeys,
} from '../../api/queries/webhooks';
import { FormError } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { ListView } from '../../ui/list';
import { toast } from '../../ui/page';
import { EndpointForm, type EndpointValues } from './EndpointForm';
import { IssuedSecret } from './IssuedSecret';
import { WebhookDeliveries } from './WebhookDeliveries';
import { EndpointStateBadge, endpointState, eventInWords } from './webhook-events';

/** Settings → Webhooks: addresses the business's events are posted to, each with its signing secret and log. */
export function WebhooksSettings() {
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<{ endpoint: IssuedEndpoint; rotated: boolean } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const create = async (body: EndpointValues) => {
    const endpoint = await unwrap(api.POST('/api/v1/webhook-endpoints', { body }));
    await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    setIssued({ endpoint, rotated: false });
  };
  return (
    <Stack gap="xl">
      <Text size="sm" maw={720}>
        A webhook tells another program (a shop, a CRM) what happens here as it happens: each event is posted
        to the address as JSON and retried for about three days until the program answers 2xx. Each delivery
        is signed with the endpoint's secret in the{' '}
        <Anchor href="https://www.standardwebhooks.com" target="_blank" rel="noreferrer">
          Standard Webhooks
        </Anchor>{' '}
        way (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>): the
        program checks it before trusting the body.
      </Text>
      <Stack maw={720} gap="sm" component="section" aria-labelledby="new-endpoint-title">
        <Title order={2} size="h4" id="new-endpoint-title">
          Add an endpoint
        </Title>
        <EndpointForm submitLabel="Add endpoint" onSubmit={create} />
      </Stack>
      <EndpointList
        onRotated={(endpoint) => setIssued({ endpoint, rotated: true })}
        shown={shown}
        onShow={setShown}
      />
      {shown && <WebhookDeliveries endpointId={shown} onClose={() => setShown(null)} />}
      <Modal
        opened={!!issued}
        onClose={() => setIssued(null)}
        title={issued?.rotated ? 'The new signing secret' : 'The signing secret'}
        closeOnClickOutside={false}
      >
        {issued && (
          <IssuedSecret
            name={issued.endpoint.description || issued.endpoint.url}
            secret={issued.endpoint.secret}
            what="signing secret"
            note={
              issued.rotated && issued.endpoint.previousSecretExpiresAt
                ? `Deliveries carry a signature with the old secret too until ${formatDateTime(issued.endpoint.previousSecretExpiresAt)}.`
                : undefined
            }
            onDone={() => setIssued(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

type Pending = { kind: 'edit' | 'delete'; endpoint: WebhookEndpoint };

function EndpointList(props: {
  onRotated: (e: IssuedEndpoint) => void;
  shown: string | null;
  onShow: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhookEndpointsQuery);
  const [pending, setPending] = useState<Pending | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const act = useMutation({
    mutationFn: async ({ kind, e }: { kind: 'test' | 'rotate' | 'toggle'; e: WebhookEndpoint }) => {
      const path = { params: { path: { id: e.id } } };
      if (kind === 'test') return unwrap(api.POST('/api/v1/webhook-endpoints/{id}/test', path));
      if (kind === 'rotate') return unwrap(api.POST('/api/v1/webhook-endpoints/{id}/rotate-secret', path));
      return unwrap(api.PATCH('/api/v1/webhook-endpoints/{id}', { ...path, body: { enabled: !e.enabled } }));
    },
    onSuccess: async (result, { kind, e }) => {
      await refresh();
      if (kind === 'test') {
        toast('Test event queued: its delivery is in the log below.', 'green');
        props.onShow(e.id);
      } else if (kind === 'rotate') props.onRotated(result as IssuedEndpoint);
      else toast(e.enabled ? 'Endpoint switched off.' : 'Endpoint switched on.', 'green');
    },
    onError: (err) => toast(errorText(err), 'red'),
  });
  const busy = (kind: string, e: WebhookEndpoint) =>
    act.isPending && act.variables?.kind === kind && act.variables.e.id === e.id;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Endpoints
      </Title>
      <ListView<WebhookEndpoint>
        noun="endpoints"
        items={endpoints.data}
        error={endpoints.error}
        empty="No endpoint yet: add the address of the program that should hear of events."
        render={(items) =>
          items.map((e) => (
            <Card key={e.id} withBorder padding="md" aria-label={`Endpoint ${e.url}`} data-testid="endpoint">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {e.url}
                    </Text>
                    {e.description && (
                      <Text size="sm" c="dimmed">
                        {e.description}
                      </Text>
                    )}
                  </Stack>
                  <EndpointStateBadge state={endpointState(e)} />
                </Group>
                <Text size="sm">{e.eventTypes.map(eventInWords).join(' · ')}</Text>
                {e.failingSince && e.enabled && (
                  <Text size="sm" c="red.9">
                    Every delivery has failed since {formatDateTime(e.failingSince)}; after a day of failures
                    the endpoint is switched off.
                  </Text>
                )}
                {!e.enabled && e.disabledReason && (
                  <Text size="sm" c="red.9">
                    Switched off: {e.disabledReason}
                  </Text>
                )}
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="xs"
                    variant={props.shown === e.id ? 'filled' : 'default'}
                    onClick={() => props.onShow(e.id)}
                    aria-label={`Deliveries of ${e.url}`}
                  >
                    Deliveries
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!e.enabled}
                    loading={busy('test', e)}
                    onClick={() => act.mutate({ kind: 'test', e })}
                    aria-label={`Send test event to ${e.url}`}
                  >
                    Send test event
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setPending({ kind: 'edit', endpoint: e })}
                  >
                    Edit…
                  </Button>
                  {e.previousSecretExpiresAt && new Date(e.previousSecretExpiresAt).getTime() > Date.now() ? (
                    // A second rotation waits for the first one's overlap to end (the API answers 409).
                    <Text size="xs" c="dimmed">
                      Old secret also signs until {formatDateTime(e.previousSecretExpiresAt)}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      loading={busy('rotate', e)}
                      onClick={() => act.mutate({ kind: 'rotate', e })}
                      aria-label={`Rotate secret of ${e.url}`}
                    >
                      Rotate secret
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    loading={busy('toggle', e)}
                    onClick={() => act.mutate({ kind: 'toggle', e })}
                  >
                    {e.enabled ? 'Switch off' : 'Switch on'}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    onClick={() => setPending({ kind: 'delete', endpoint: e })}
                    aria-label={`Delete ${e.url}`}
                  >
                    Delete…
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))
        }
      />
      <Modal
        opened={!!pending}
        onClose={() => setPending(null)}
        title={pending?.kind === 'edit' ? 'Change the endpoint' : 'Delete this endpoint?'}
        size="lg"
      >
        {pending?.kind === 'edit' && (
          <EndpointForm
            initial={{
              url: pending.endpoint.url,
              description: pending.endpoint.description,
              eventTypes: pending.endpoint.eventTypes as WebhookEventType[],
            }}
            submitLabel="Save"
            onCancel={() => setPending(null)}
            onSubmit={async (body) => {
              await unwrap(
                api.PATCH('/api/v1/webhook-endpoints/{id}', {
                  params: { path: { id: pending.endpoint.id } },
                  body,
                }),
              );
              toast('Endpoint saved.', 'green');
              await refresh();
              setPending(null);
            }}
          />
        )}
        {pending?.kind === 'delete' && (
          <DeleteEndpoint endpoint={pending.endpoint} onDone={() => setPending(null)} />
        )}
      </Modal>
    </Stack>
  );
}

function DeleteEndpoint({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      unwrap(api.DELETE('/api/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.id } } })),
    onSuccess: async () => {
      toast('Endpoint deleted.', 'green');
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      onDone();
    },
  });
  return (
    <Stack>
      <Text>
        Nothing more is posted to <strong style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</strong>, and
        its delivery log goes with it.
      </Text>
      {remove.error && <FormError message={errorText(remove.error)} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
          Delete endpoint
        </Button>
      </Group>
    </Stack>
  );
}
