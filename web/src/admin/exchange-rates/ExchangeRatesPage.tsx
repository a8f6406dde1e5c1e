import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { countriesQuery, exchangeRateKeys, exchangeRatesQuery } from '../../api/queries/exchange-rates';
import { applyApiError, DialogActions } from '../../ui/form-errors';
import { flagOf, formatDateTime, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';
import type { ExchangeRate } from '../types';

/** Local currency per US dollar, by country: what plan prices and credit prices are shown in. */
export function ExchangeRatesPage() {
  const { data: rates, error } = useQuery(exchangeRatesQuery);
  const { data: countries } = useQuery(countriesQuery);
  const names = useMemo(() => new Map((countries ?? []).map((c) => [c.code, c.name])), [countries]);
  const [editing, setEditing] = useState<ExchangeRate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExchangeRate | null>(null);

  return (
    <Stack>
      <PageHeader
        title="Exchange rates"
        description="How many units of the local currency one US dollar buys."
      >
        <Button onClick={() => setEditing('new')}>Add a rate</Button>
      </PageHeader>
      <ListView<ExchangeRate>
        noun="exchange rates"
        items={rates}
        error={error}
        empty="No exchange rate yet: every price is shown in US dollars."
        rowKey={(r) => r.countryCode}
        minWidth={520}
        columns={[
          {
            header: 'Country',
            cell: (r) => (
              <>
                <span aria-hidden="true">{flagOf(r.countryCode)} </span>
                {names.get(r.countryCode) ?? r.countryCode} ({r.countryCode})
              </>
            ),
          },
          { header: 'Currency', cell: (r) => r.currency },
          { header: 'Per US dollar', align: 'right', cell: (r) => formatNumber(r.rate, 4) },
          { header: 'Updated', cell: (r) => formatDateTime(r.updatedAt) },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (r) => {
              const name = names.get(r.countryCode) ?? r.countryCode;
              return (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing(r)}>
                    Update<VisuallyHidden> {name}</VisuallyHidden>
                  </Button>
                  <Button size="xs" variant="outline" color="red.9" onClick={() => setDeleting(r)}>
                    Delete<VisuallyHidden> {name}</VisuallyHidden>
                  </Button>
                </Group>
              );
            },
          },
        ]}
      />
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || !editing
            ? 'Add an exchange rate'
            : `Update ${names.get(editing.countryCode) ?? editing.countryCode}`
        }
      >
        {editing !== null && (
          <RateForm
            rate={editing === 'new' ? null : editing}
            countries={countries ?? []}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <DeleteRate
        rate={deleting}
        name={deleting ? (names.get(deleting.countryCode) ?? deleting.countryCode) : ''}
        onDone={() => setDeleting(null)}
      />
    </Stack>
  );
}

function RateForm({
  rate,
  countries,
  onDone,
}: {
  rate: ExchangeRate | null;
  countries: { code: string; name: string }[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      countryCode: rate?.countryCode ?? '',
      currency: rate?.currency ?? '',
      rate: rate?.rate ?? ('' as number | string),
    },
    validate: {
      countryCode: (v) => (v ? null : 'Pick a country'),
      currency: (v) => (/^[A-Za-z]{3}$/.test(v.trim()) ? null : 'Three letters, such as NGN'),
      rate: (v) => (Number(v) > 0 ? null : 'A rate above zero'),
    },
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) =>
      unwrap(
        api.POST('/api/v1/exchange-rates', {
          body: {
            countryCode: v.countryCode,
            currency: v.currency.trim().toUpperCase(),
            rate: Number(v.rate),
          },
        }),
      ),
    onSuccess: (saved) => {
      toast(`${saved.countryCode}: ${saved.rate} ${saved.currency} per dollar saved.`, 'green');
      void queryClient.invalidateQueries({ queryKey: exchangeRateKeys.all });
      onDone();
    },
    onError: (err) => setFormError(applyApiError(form, err)),
  });
  const data = useMemo(
    () => countries.map((c) => ({ value: c.code, label: `${flagOf(c.code)} ${c.name} (${c.code})` })),
    [countries],
  );
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))}>
      <Stack>
        <Select
          label="Country"
          placeholder="Type a country's name"
          searchable
          disabled={!!rate}
          data={data}
          nothingFoundMessage="No country by that name"
          {...form.getInputProps('countryCode')}
        />
        <TextInput
          label="Currency"
          description="ISO code, such as NGN or GHS"
          maxLength={3}
          {...form.getInputProps('currency')}
        />
        <NumberInput label="Units per US dollar" min={0} decimalScale={6} {...form.getInputProps('rate')} />
        <DialogActions error={formError} onCancel={onDone}>
          <Button type="submit" loading={save.isPending}>
            Save rate
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

function DeleteRate({ rate, name, onDone }: { rate: ExchangeRate | null; name: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (code: string) => {
      const { error, response } = await api.DELETE('/api/v1/exchange-rates/{code}', {
        params: { path: { code } },
      });
      if (!response.ok) throw ApiError.from(response.status, error);
    },
    onSuccess: () => {
      toast(`The rate for ${name} was deleted.`);
      void queryClient.invalidateQueries({ queryKey: exchangeRateKeys.all });
      onDone();
    },
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!rate}
      onClose={onDone}
      title="Delete the exchange rate?"
    >
      <Stack>
        <Text>Businesses in {name} will see prices in US dollars until a new rate is added.</Text>
        <DialogActions error={remove.error ? errorText(remove.error) : null} onCancel={onDone}>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() => rate && remove.mutate(rate.countryCode)}
          >
            Delete the rate for {name}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
