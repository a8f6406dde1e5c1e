import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { PRICE_CATEGORIES } from '../../api/model';
import { exchangeRatesQuery } from '../../api/queries/exchange-rates';
import { adminPlansQuery, planKeys } from '../../api/queries/plans';
import { ActiveBadge } from '../../ui/badges';
import { applyApiError, DialogActions } from '../../ui/form-errors';
import { formatMoney, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';
import type { ExchangeRate, Plan } from '../types';

/** One price per currency that has a rate (several countries may share one currency). */
export function currencies(rates: ExchangeRate[] | undefined): { currency: string; rate: number }[] {
  const seen = new Map<string, number>();
  for (const r of rates ?? []) if (!seen.has(r.currency)) seen.set(r.currency, r.rate);
  return [...seen]
    .map(([currency, rate]) => ({ currency, rate }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Every plan (inactive ones too), with its prices in the currencies that have exchange rates. */
export function PlansPage() {
  const { data: plans, error } = useQuery(adminPlansQuery);
  const { data: rates } = useQuery(exchangeRatesQuery);
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);

  return (
    <Stack>
      <PageHeader
        title="Plans"
        description="Prices are set in US dollars; each business sees its own currency."
      >
        <Button onClick={() => setEditing('new')}>New plan</Button>
      </PageHeader>
      <ListView<Plan>
        noun="plans"
        items={plans}
        error={error}
        empty="No plan yet. Create the first one."
        render={(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((p) => (
              <PlanCard key={p.id} plan={p} rates={rates} onEdit={() => setEditing(p)} />
            ))}
          </SimpleGrid>
        )}
      />
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New plan' : `Edit ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <PlanForm plan={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

function PlanCard({
  plan,
  rates,
  onEdit,
}: {
  plan: Plan;
  rates: ExchangeRate[] | undefined;
  onEdit: () => void;
}) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () =>
      plan.isActive
        ? unwrap(api.POST('/api/v1/plans/admin/{id}/deactivate', { params: { path: { id: plan.id } } }))
        : unwrap(
            api.PATCH('/api/v1/plans/admin/{id}', {
              params: { path: { id: plan.id } },
              body: { isActive: true },
            }),
          ),
    onSuccess: () => {
      toast(`${plan.name} is ${plan.isActive ? 'no longer offered' : 'offered again'}.`);
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
  return (
    <Card withBorder padding="md" component="article" aria-label={plan.name}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Title order={2} size="h4">
          {plan.name}
        </Title>
        <ActiveBadge state={plan.isActive ? 'active' : 'inactive'} />
      </Group>
      <Text fw={700} size="xl">
        {formatMoney(plan.price, 'USD')}
        <Text span size="sm" c="dimmed" fw={400}>
          {' '}
          for {plan.duration} days
        </Text>
      </Text>
      {currencies(rates).length > 0 && (
        <Text size="sm" c="dimmed">
          {currencies(rates)
            .map((c) => formatMoney(plan.price * c.rate, c.currency))
            .join(' · ')}
        </Text>
      )}
      {plan.description && (
        <Text size="sm" mt="xs">
          {plan.description}
        </Text>
      )}
      <Text size="sm" mt="xs">
        {formatNumber(plan.freeCredit)} free credits.{' '}
        {plan.seats === null ? 'Seats: the default (5).' : `Seats: ${formatNumber(plan.seats)}.`} Per message:
        marketing {plan.marketingRate}, utility {plan.utilityRate}, service {plan.serviceRate}, authentication{' '}
        {plan.authenticationRate}. Covers {plan.categories ? plan.categories.join(', ') : 'every category'}.
      </Text>
      {toggle.error && (
        <Text role="alert" c="red.9" size="sm">
          {errorText(toggle.error)}
        </Text>
      )}
      <Group mt="sm" gap="xs">
        <Button size="xs" variant="light" onClick={onEdit}>
          Edit<VisuallyHidden> {plan.name}</VisuallyHidden>
        </Button>
        <Button
          size="xs"
          variant="outline"
          color={plan.isActive ? 'red.9' : 'blue.8'}
          loading={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {plan.isActive ? 'Deactivate' : 'Activate'}
          <VisuallyHidden> {plan.name}</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}

const RATES = [
  ['marketingRate', 'Marketing rate'],
  ['utilityRate', 'Utility rate'],
  ['serviceRate', 'Service rate'],
  ['authenticationRate', 'Authentication rate'],
] as const;

function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { data: rates } = useQuery(exchangeRatesQuery);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      duration: plan?.duration ?? 30,
      price: plan?.price ?? 0,
      freeCredit: plan?.freeCredit ?? 0,
      // Empty: the platform's default number of members.
      seats: (plan?.seats ?? '') as number | string,
      marketingRate: plan?.marketingRate ?? 1,
      utilityRate: plan?.utilityRate ?? 1,
      serviceRate: plan?.serviceRate ?? 1,
      authenticationRate: plan?.authenticationRate ?? 1,
      // Every category ticked is stored as "every one" (null), so a category added later is covered too.
      categories: (plan?.categories ?? [...PRICE_CATEGORIES]) as string[],
    },
    validate: {
      categories: (v) => (v.length ? null : 'Tick at least one category: untick none to cover every one'),
      name: (v) => (v.trim() ? null : 'Give the plan a name'),
      duration: (v) => (Number(v) >= 1 ? null : 'At least one day'),
    },
  });
  const save = useMutation({
    mutationFn: (values: typeof form.values) => {
      const body = {
        ...values,
        description: values.description.trim() || undefined,
        duration: Number(values.duration),
        price: Number(values.price),
        freeCredit: Number(values.freeCredit),
        seats: values.seats === '' ? null : Number(values.seats),
        marketingRate: Number(values.marketingRate),
        utilityRate: Number(values.utilityRate),
        serviceRate: Number(values.serviceRate),
        authenticationRate: Number(values.authenticationRate),
        categories:
          values.categories.length === PRICE_CATEGORIES.length
            ? null
            : PRICE_CATEGORIES.filter((c) => values.categories.includes(c)),
      };
      return plan
        ? unwrap(api.PATCH('/api/v1/plans/admin/{id}', { params: { path: { id: plan.id } }, body }))
        : unwrap(api.POST('/api/v1/plans/admin', { body }));
    },
    onSuccess: (saved) => {
      toast(`${saved.name} saved.`, 'green');
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      onDone();
    },
    onError: (err) => setFormError(applyApiError(form, err)),
  });
  const price = Number(form.values.price) || 0;
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))}>
      <Stack>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput
            label="Price (USD)"
            min={0}
            allowDecimal={false}
            required
            {...form.getInputProps('price')}
          />
          <NumberInput
            label="Duration (days)"
            min={1}
            allowDecimal={false}
            required
            {...form.getInputProps('duration')}
          />
          <NumberInput
            label="Free credits"
            min={0}
            allowDecimal={false}
            required
            {...form.getInputProps('freeCredit')}
          />
          <NumberInput
            label="Seats"
            description="Members a business on this plan may have; empty for the default (5)"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('seats')}
          />
        </SimpleGrid>
        {currencies(rates).length > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Shown as{' '}
            {currencies(rates)
              .map((c) => formatMoney(price * c.rate, c.currency))
              .join(', ')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {RATES.map(([name, label]) => (
            <NumberInput
              key={name}
              label={`${label} (credits per message)`}
              min={0}
              decimalScale={4}
              step={0.1}
              required
              {...form.getInputProps(name)}
            />
          ))}
        </SimpleGrid>
        <Checkbox.Group
          label="Categories the plan pays for"
          description="A campaign of another category is paid with credits, by the rate card"
          {...form.getInputProps('categories')}
        >
          <Group mt={4}>
            {PRICE_CATEGORIES.map((c) => (
              <Checkbox key={c} value={c} label={c[0]!.toUpperCase() + c.slice(1)} />
            ))}
          </Group>
        </Checkbox.Group>
        <DialogActions error={formError} onCancel={onDone}>
          <Button type="submit" loading={save.isPending}>
            {plan ? 'Save changes' : 'Create plan'}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
