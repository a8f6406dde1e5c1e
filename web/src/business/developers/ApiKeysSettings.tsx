import { Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { type ApiKey, apiKeysQuery, type IssuedKey } from '../../api/queries/api-keys';
import { applyApiError, DialogActions, FormSubmit } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { ListView } from '../../ui/list';
import { toast } from '../../ui/page';
import { IssuedSecret } from './IssuedSecret';
import {
  KeyStateBadge,
  keyState,
  RESOURCE_LABELS,
  SCOPE_RESOURCES,
  type Scope,
  scopesInWords,
} from './scopes';

/** Settings → API keys: keys a program uses instead of a member's password; the secret is shown once. */
export function ApiKeysSettings() {
  const [issued, setIssued] = useState<{ key: IssuedKey; rotated: boolean } | null>(null);
  return (
    <Stack gap="xl">
      <Text size="sm" maw={720}>
        A key lets a program (a shop, a CRM, a booking system) call the API for this business with{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>. It belongs to the business, not to you: it keeps
        working when members leave, and it can do only what its scopes allow.
      </Text>
      <CreateKeyForm onIssued={(key) => setIssued({ key, rotated: false })} />
      <KeyList onIssued={(key) => setIssued({ key, rotated: true })} />
      <Modal
        opened={!!issued}
        onClose={() => setIssued(null)}
        title={issued?.rotated ? 'Your new key' : 'Your API key'}
        closeOnClickOutside={false}
      >
        {issued && (
          <IssuedSecret
            name={issued.key.name}
            secret={issued.key.key}
            what="key"
            note={
              issued.rotated && issued.key.previousValidUntil
                ? `The old key keeps working until ${formatDateTime(issued.key.previousValidUntil)}.`
                : undefined
            }
            onDone={() => setIssued(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
}

function CreateKeyForm({ onIssued }: { onIssued: (key: IssuedKey) => void }) {
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ name: string; scopes: Scope[]; expiry: string }>({
    initialValues: { name: '', scopes: [], expiry: 'never' },
    validate: {
      name: (v) => (v.trim() ? null : 'Name the key after the program that uses it'),
      scopes: (v) => (v.length ? null : 'Choose at least one scope'),
    },
  });
  const toggle = (scope: Scope, on: boolean) => {
    const rest = form.values.scopes.filter((s) => s !== scope);
    form.setFieldValue('scopes', on ? [...rest, scope] : rest);
  };
  const submit = form.onSubmit(async ({ name, scopes, expiry }) => {
    setError(null);
    const expiresAt =
      expiry === 'never' ? undefined : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
    try {
      const key = await unwrap(
        api.POST('/api/v1/api-keys', {
          body: { name: name.trim(), scopes, ...(expiresAt ? { expiresAt } : {}) },
        }),
      );
      form.reset();
      await refresh();
      onIssued(key);
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-key-title">
      <Stack maw={640} gap="sm">
        <Title order={2} size="h4" id="new-key-title">
          Create an API key
        </Title>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Name"
            placeholder="Shop integration"
            required
            miw={220}
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <Select
            label="Expires"
            data={EXPIRY_CHOICES}
            allowDeselect={false}
            miw={160}
            {...form.getInputProps('expiry')}
          />
        </Group>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-describedby="scope-error">
          <Text component="legend" size="sm" fw={500} mb={4}>
            Scopes
          </Text>
          <Table withTableBorder={false} verticalSpacing={4} maw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>What</Table.Th>
                <Table.Th>Read</Table.Th>
                <Table.Th>Write</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SCOPE_RESOURCES.map((resource) => (
                <Table.Tr key={resource}>
                  <Table.Td>{RESOURCE_LABELS[resource]}</Table.Td>
                  {(['read', 'write'] as const).map((access) => {
                    const scope: Scope = `${resource}:${access}`;
                    return (
                      <Table.Td key={access}>
                        <Checkbox
                          aria-label={`${access === 'read' ? 'Read' : 'Write'} ${RESOURCE_LABELS[resource].toLowerCase()}`}
                          checked={form.values.scopes.includes(scope)}
                          onChange={(e) => toggle(scope, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {form.errors.scopes && (
            <Text id="scope-error" size="sm" c="red.9" role="alert">
              {form.errors.scopes}
            </Text>
          )}
        </fieldset>
        <FormSubmit error={error} busy={form.submitting}>
          Create key
        </FormSubmit>
      </Stack>
    </form>
  );
}

type Pending = { kind: 'rotate' | 'revoke'; key: ApiKey };

function KeyList({ onIssued }: { onIssued: (key: IssuedKey) => void }) {
  const keys = useQuery(apiKeysQuery);
  const [pending, setPending] = useState<Pending | null>(null);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Keys
      </Title>
      <ListView<ApiKey>
        noun="API keys"
        items={keys.data}
        error={keys.error}
        empty="No key yet: create one above for each program that calls the API."
        rowKey={(k) => k.id}
        minWidth={820}
        columns={[
          {
            header: 'Name',
            cell: (k) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {k.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  wak_{k.prefix}_…
                </Text>
              </Stack>
            ),
          },
          { header: 'Scopes', cell: (k) => <Text size="sm">{scopesInWords(k.scopes)}</Text>, maw: 260 },
          { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never') },
          { header: 'Expires', cell: (k) => (k.expiresAt ? formatDateTime(k.expiresAt) : 'Never') },
          { header: 'Status', cell: (k) => <KeyStateBadge state={keyState(k)} /> },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (k) =>
              keyState(k) === 'active' || keyState(k) === 'rotating' ? (
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  {keyState(k) === 'rotating' ? (
                    <Text size="xs" c="dimmed">
                      Old secret works until {formatDateTime(k.previousValidUntil!)}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Rotate ${k.name}`}
                      onClick={() => setPending({ kind: 'rotate', key: k })}
                    >
                      Rotate…
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    aria-label={`Revoke ${k.name}`}
                    onClick={() => setPending({ kind: 'revoke', key: k })}
                  >
                    Revoke…
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      <Modal
        opened={!!pending}
        onClose={() => setPending(null)}
        title={pending?.kind === 'rotate' ? 'Rotate this key?' : 'Revoke this key?'}
      >
        {pending?.kind === 'rotate' && (
          <RotateKey
            apiKey={pending.key}
            onDone={(key) => {
              setPending(null);
              onIssued(key);
            }}
            onCancel={() => setPending(null)}
          />
        )}
        {pending?.kind === 'revoke' && <RevokeKey apiKey={pending.key} onDone={() => setPending(null)} />}
      </Modal>
    </Stack>
  );
}

const OVERLAPS = [
  { value: '0', label: 'Stop it now' },
  { value: '1', label: 'For 1 hour' },
  { value: '24', label: 'For 24 hours' },
  { value: '168', label: 'For 7 days' },
];

function RotateKey(props: { apiKey: ApiKey; onDone: (key: IssuedKey) => void; onCancel: () => void }) {
  const refresh = useRefresh();
  const [overlap, setOverlap] = useState('24');
  const rotate = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/api-keys/{id}/rotate', {
          params: { path: { id: props.apiKey.id } },
          body: { overlapHours: Number(overlap) },
        }),
      ),
    onSuccess: async (key) => {
      await refresh();
      props.onDone(key);
    },
  });
  return (
    <Stack>
      <Text>
        <strong>{props.apiKey.name}</strong> gets a new secret. Keep the old one working while you put the new
        one in place:
      </Text>
      <Select
        label="The old key keeps working"
        data={OVERLAPS}
        value={overlap}
        onChange={(v) => v && setOverlap(v)}
        allowDeselect={false}
      />
      <DialogActions error={rotate.error ? errorText(rotate.error) : null} onCancel={props.onCancel}>
        <Button loading={rotate.isPending} onClick={() => rotate.mutate()}>
          Rotate key
        </Button>
      </DialogActions>
    </Stack>
  );
}

function RevokeKey({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  const refresh = useRefresh();
  const revoke = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id: apiKey.id } } })),
    onSuccess: async () => {
      toast(`${apiKey.name} was revoked.`, 'green');
      await refresh();
      onDone();
    },
  });
  return (
    <Stack>
      <Text>
        Every program using <strong>{apiKey.name}</strong> (wak_{apiKey.prefix}_…) is refused from its next
        request, its old secret too. This cannot be undone.
      </Text>
      <DialogActions error={revoke.error ? errorText(revoke.error) : null} onCancel={onDone}>
        <Button color="red.9" loading={revoke.isPending} onClick={() => revoke.mutate()}>
          Revoke {apiKey.name}
        </Button>
      </DialogActions>
    </Stack>
  );
}
