import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import type { Body } from '../../api/types';
import { sessionQuery, useSession } from '../../auth/session';
import { applyApiError, FormError } from '../../ui/form-errors';

const CLOUD = 'whatsapp-cloud';
type Kind = 'cloud' | 'gateway';

/** Each provider's words for the same four stored fields. */
const FIELDS: Record<
  Kind,
  Record<
    'wabaNumber' | 'providerHSMID' | 'providerHSMPassword' | 'wabaProviderId',
    { label: string; hint: string }
  >
> = {
  cloud: {
    wabaNumber: { label: 'Phone number', hint: 'As WhatsApp Manager shows it, with its country code' },
    wabaProviderId: {
      label: 'WhatsApp Business Account ID',
      hint: 'WhatsApp Manager › Account tools › Business account ID',
    },
    providerHSMID: { label: 'Phone number ID', hint: 'Meta for Developers › WhatsApp › API setup' },
    providerHSMPassword: {
      label: 'Access token',
      hint: "A system user's permanent token with the whatsapp_business_messaging permission",
    },
  },
  gateway: {
    wabaNumber: { label: 'Messaging number', hint: 'The number your messages are sent from' },
    providerHSMID: { label: 'Account id', hint: 'Your account at the gateway' },
    providerHSMPassword: { label: 'Account password', hint: '' },
    wabaProviderId: { label: "Provider's id for the number (optional)", hint: '' },
  },
};

type ProviderBody = Body<'/api/v1/business/provider', 'post'>;
const check = (body: ProviderBody) => unwrap(api.POST('/api/v1/business/provider/check', { body }));
type Checked = Awaited<ReturnType<typeof check>>;

/** The messaging provider's account; passwords and tokens are stored encrypted and never shown again. */
export function ProviderSettings() {
  const { business } = useSession();
  const b = business!;
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Checked | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);
  const form = useForm({
    initialValues: {
      kind: (b.provider === CLOUD || !b.provider ? 'cloud' : 'gateway') as Kind,
      provider: b.provider && b.provider !== CLOUD ? b.provider : '',
      wabaNumber: b.wabaNumber ?? '',
      providerHSMID: b.providerHSMID ?? '',
      providerHSMPassword: '',
      wabaProviderId: b.wabaProviderId ?? '',
    },
    validate: {
      provider: (v, all) => (all.kind === 'gateway' && !v.trim() ? "Enter the gateway's name" : null),
      wabaNumber: (v, all) =>
        v.trim() ? null : `Enter the ${FIELDS[all.kind].wabaNumber.label.toLowerCase()}`,
      providerHSMID: (v, all) =>
        !v.trim()
          ? `Enter the ${FIELDS[all.kind].providerHSMID.label.replace(/^./, (c) => c.toLowerCase())}`
          : all.kind === 'cloud' && !/^\d+$/.test(v.trim())
            ? 'The phone number ID is digits only'
            : null,
      providerHSMPassword: (v, all) =>
        v ? null : `Enter the ${FIELDS[all.kind].providerHSMPassword.label.toLowerCase()}`,
      wabaProviderId: (v, all) =>
        all.kind !== 'cloud'
          ? null
          : !v.trim()
            ? 'Enter the WhatsApp Business Account ID'
            : /^\d+$/.test(v.trim())
              ? null
              : 'The account ID is digits only',
    },
  });
  const v = form.values;
  const f = FIELDS[v.kind];
  const bodyOf = (): ProviderBody => ({
    provider: v.kind === 'cloud' ? CLOUD : v.provider.trim(),
    wabaNumber: v.wabaNumber,
    providerHSMID: v.providerHSMID,
    providerHSMPassword: v.providerHSMPassword,
    ...(v.wabaProviderId.trim() ? { wabaProviderId: v.wabaProviderId.trim() } : {}),
  });
  /** Asks the provider (the Cloud API) whether these credentials open the number; stores nothing. */
  const runCheck = async () => {
    if (form.validate().hasErrors) return;
    setError(null);
    setResult(null);
    setBusy('check');
    try {
      setResult(await check(bodyOf()));
    } catch (err) {
      setError(applyApiError(form, err));
    } finally {
      setBusy(null);
    }
  };
  const submit = form.onSubmit(async () => {
    setError(null);
    setBusy('save');
    try {
      // The service checks a Cloud token again before storing: a refusal stores nothing.
      await unwrap(api.POST('/api/v1/business/provider', { body: bodyOf() }));
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      form.setFieldValue('providerHSMPassword', '');
      notifications.show({ color: 'green', message: 'Messaging provider saved' });
    } catch (err) {
      setResult(null);
      setError(applyApiError(form, err));
    } finally {
      setBusy(null);
    }
  });
  if (b.businessVerified !== 'accepted') {
    return (
      <Text>Your business must be verified by an administrator before you connect a messaging provider.</Text>
    );
  }
  const saved = b.providerHSMPassword === 'true';
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        {saved && (
          <Text size="sm" data-testid="provider-current">
            Connected through{' '}
            <strong>{b.provider === CLOUD ? 'the WhatsApp Cloud API' : `the ${b.provider} gateway`}</strong>
            {b.wabaNumber ? ` with ${/^\d/.test(b.wabaNumber) ? '+' : ''}${b.wabaNumber}` : ''}.
          </Text>
        )}
        <Radio.Group
          label="How your business connects to WhatsApp"
          value={v.kind}
          onChange={(k) => {
            form.setFieldValue('kind', k as Kind);
            form.clearErrors();
            setError(null);
            setResult(null);
          }}
        >
          <Stack gap="xs" mt={6}>
            <Radio
              value="cloud"
              label="WhatsApp Cloud API"
              description="Meta's own API: templates are reviewed by WhatsApp, campaigns are sent from them"
            />
            <Radio
              value="gateway"
              label="Messaging gateway"
              description="An enterprise gateway account your provider gave you"
            />
          </Stack>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {v.kind === 'gateway' && (
            <TextInput label="Gateway name" required {...form.getInputProps('provider')} />
          )}
          <TextInput
            label={f.wabaNumber.label}
            description={f.wabaNumber.hint}
            required
            {...form.getInputProps('wabaNumber')}
          />
          {v.kind === 'cloud' && (
            <TextInput
              label={f.wabaProviderId.label}
              description={f.wabaProviderId.hint}
              required
              inputMode="numeric"
              {...form.getInputProps('wabaProviderId')}
            />
          )}
          <TextInput
            label={f.providerHSMID.label}
            description={f.providerHSMID.hint}
            required
            inputMode={v.kind === 'cloud' ? 'numeric' : undefined}
            {...form.getInputProps('providerHSMID')}
          />
          <PasswordInput
            label={f.providerHSMPassword.label}
            required
            description={
              saved
                ? `Saved; enter it again to change the settings. ${f.providerHSMPassword.hint}`.trim()
                : f.providerHSMPassword.hint || undefined
            }
            {...form.getInputProps('providerHSMPassword')}
          />
          {v.kind === 'gateway' && (
            <TextInput label={f.wabaProviderId.label} {...form.getInputProps('wabaProviderId')} />
          )}
        </SimpleGrid>
        <FormError message={error} />
        {result && <CheckResult result={result} />}
        <Group>
          <Button type="submit" loading={busy === 'save'} disabled={!!busy}>
            Save provider
          </Button>
          <Button
            variant="default"
            loading={busy === 'check'}
            disabled={!!busy}
            onClick={() => void runCheck()}
          >
            Check connection
          </Button>
          {busy && v.kind === 'cloud' && (
            <Text size="sm" role="status">
              Asking WhatsApp about this number…
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function CheckResult({ result }: { result: Checked }) {
  if (!result.checked) {
    return (
      <Alert
        color="blue"
        variant="light"
        role="status"
        title="Nothing to check"
        data-testid="connection-result"
      >
        A gateway has no connection check: the fields are complete. The first messages sent show whether the
        account works.
      </Alert>
    );
  }
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title="Connection works"
      data-testid="connection-result"
    >
      WhatsApp knows this number as <strong>{result.verifiedName ?? 'an unnamed business'}</strong>
      {result.displayPhoneNumber ? ` (${result.displayPhoneNumber})` : ''}
      {result.qualityRating ? `, quality rating ${result.qualityRating.toLowerCase()}` : ''}.
    </Alert>
  );
}
