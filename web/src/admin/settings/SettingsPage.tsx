import {
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { adminSettingsQuery } from '../../api/queries/admin';
import { exchangeRatesQuery } from '../../api/queries/exchange-rates';
import { applyApiError, FormError } from '../../ui/form-errors';
import { formatMoney, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';
import type { AppSettings } from '../types';

const SAMPLE_RECIPIENTS = 1000;
const FIELDS = [
  ['marketingRate', 'Marketing message', 'credits per message'],
  ['utilityRate', 'Utility message', 'credits per message'],
  ['authenticationRate', 'Authentication message', 'credits per message'],
  ['serviceRate', 'Service message', 'credits per message'],
  ['pricePerCredit', 'Price per credit', 'US dollars'],
  ['lowCreditThreshold', 'Low-credit warning', 'credits left'],
  ['affiliatePercentage', 'Affiliate commission', '% for new affiliates'],
  ['freeServiceAllowance', 'Free service replies', 'per business each month, before service prices apply'],
] as const;
const WHOLE = new Set<string>(['affiliatePercentage', 'freeServiceAllowance']);

/** The platform's prices: message rates, the price of a credit, the low-credit warning, the affiliate share. */
export function SettingsPage() {
  const { data, error } = useQuery(adminSettingsQuery);
  if (error)
    return (
      <Text role="alert" c="red.9">
        {errorText(error)}
      </Text>
    );
  return (
    <Stack>
      <PageHeader
        title="Platform settings"
        description="What every business pays. Check the effect on a sample campaign before saving."
      />
      {data ? <SettingsForm saved={data} /> : <Skeleton h={400} />}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: AppSettings }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: saved });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the saved settings change
  useEffect(() => {
    form.setInitialValues(saved);
    form.setValues(saved);
  }, [saved]);
  const save = useMutation({
    mutationFn: (values: AppSettings) => {
      const body = {
        ...(Object.fromEntries(FIELDS.map(([name]) => [name, Number(values[name])])) as Omit<
          AppSettings,
          'refundUnbilledMessages' | 'billWindowReplies'
        >),
        refundUnbilledMessages: values.refundUnbilledMessages,
        billWindowReplies: values.billWindowReplies,
      };
      return unwrap(api.POST('/api/v1/admin/settings', { body }));
    },
    onSuccess: (next) => {
      toast('Settings saved: new campaigns are billed at these rates.', 'green');
      queryClient.setQueryData(adminSettingsQuery.queryKey, next);
    },
    onError: (err) => setFormError(applyApiError(form, err)),
  });

  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))}>
      <Stack>
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {FIELDS.map(([name, label, unit]) => (
              <NumberInput
                key={name}
                label={label}
                description={unit}
                min={0}
                max={name === 'affiliatePercentage' ? 100 : undefined}
                decimalScale={WHOLE.has(name) ? 0 : name === 'pricePerCredit' ? 6 : 4}
                step={name === 'pricePerCredit' ? 0.01 : WHOLE.has(name) ? 1 : 0.1}
                required
                {...form.getInputProps(name)}
              />
            ))}
          </SimpleGrid>
          <Switch
            mt="md"
            label="Give back the charge of a message WhatsApp did not bill"
            description="When a Cloud status says a message was free (pricing.billable: false)"
            {...form.getInputProps('refundUnbilledMessages', { type: 'checkbox' })}
          />
          <Switch
            mt="md"
            label="Bill replies sent inside the 24-hour window"
            description="Off: every free-text or media reply in the window is free. Templates always pay their category."
            {...form.getInputProps('billWindowReplies', { type: 'checkbox' })}
          />
        </Card>
        <SampleCampaign before={saved} after={form.values} />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A campaign of 1,000 recipients of each kind, priced at the saved and at the edited settings: credits are
 * rate × recipients, their value credits × price per credit, the referrer's commission a percentage of that.
 */
interface Priced {
  credits: number;
  usd: number;
}

/** A message type's sample price at the saved settings and at the edited ones. */
interface SampleRow {
  field: 'marketingRate' | 'utilityRate' | 'authenticationRate';
  was: Priced;
  now: Priced;
}

function SampleCampaign({ before, after }: { before: AppSettings; after: AppSettings }) {
  const { data: rates } = useQuery(exchangeRatesQuery);
  const ngn = rates?.find((r) => r.countryCode === 'NG');
  const rows: SampleRow[] = (['marketingRate', 'utilityRate', 'authenticationRate'] as const).map((field) => {
    const price = (s: AppSettings) => {
      const credits = Number(s[field]) * SAMPLE_RECIPIENTS;
      return { credits, usd: credits * Number(s.pricePerCredit) };
    };
    return { field, was: price(before), now: price(after) };
  });
  const label = { marketingRate: 'Marketing', utilityRate: 'Utility', authenticationRate: 'Authentication' };
  const commission = (s: AppSettings, usd: number) => (usd * Number(s.affiliatePercentage)) / 100;
  return (
    <Card withBorder padding="md" component="section" aria-label="Effect on a sample campaign">
      <Title order={2} size="h4">
        Effect on a sample campaign of {formatNumber(SAMPLE_RECIPIENTS)} recipients
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        What a business would be billed, now and with your changes
        {ngn ? `; naira at ${formatNumber(ngn.rate, 2)} per dollar` : ''}.
      </Text>
      {/* Each price a line of credits over its value; on a phone a message type is a card. */}
      <ListView<SampleRow>
        noun="sample prices"
        label="Sample prices"
        items={rows}
        bare
        rowTestId={(r) => `sample-${r.field}`}
        rowKey={(r) => r.field}
        minWidth={300}
        columns={[
          { header: 'Message type', cell: (r) => label[r.field] },
          {
            header: 'Now',
            align: 'right',
            cell: (r) => <Price credits={r.was.credits} usd={r.was.usd} ngnRate={ngn?.rate} />,
          },
          {
            header: 'With changes',
            align: 'right',
            cell: (r) => (
              <Price
                credits={r.now.credits}
                usd={r.now.usd}
                ngnRate={ngn?.rate}
                changed={r.was.credits !== r.now.credits || r.was.usd !== r.now.usd}
              />
            ),
          },
        ]}
      />
      <Text size="sm" mt="xs">
        A new affiliate who referred the business earns{' '}
        {money(commission(before, rows[0]!.was.usd), ngn?.rate)} on the marketing campaign now,{' '}
        {money(commission(after, rows[0]!.now.usd), ngn?.rate)} with your changes. A business is warned when
        its balance falls below {formatNumber(Number(after.lowCreditThreshold), 2)} credits.
      </Text>
    </Card>
  );
}

/** A sample price: its credits, and under them their value in dollars (and naira when there is a rate). */
function Price(props: { credits: number; usd: number; ngnRate: number | undefined; changed?: boolean }) {
  return (
    <>
      <Text size="sm" fw={props.changed ? 700 : undefined}>
        {formatNumber(props.credits, 2)} credits
      </Text>
      <Text size="xs" c="dimmed">
        {formatMoney(props.usd, 'USD')}
        {props.ngnRate ? ` · ${formatMoney(props.usd * props.ngnRate, 'NGN')}` : ''}
      </Text>
    </>
  );
}

function money(usd: number, ngnRate: number | undefined): string {
  const dollars = formatMoney(usd, 'USD');
  return ngnRate ? `${dollars} (${formatMoney(usd * ngnRate, 'NGN')})` : dollars;
}
