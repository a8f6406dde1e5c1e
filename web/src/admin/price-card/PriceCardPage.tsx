import {
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { api, download, saveBlob, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { PRICE_CATEGORIES } from '../../api/model';
import { priceCardKeys, priceCardQuery, priceHistoryQuery } from '../../api/queries/pricing';
import type { Data } from '../../api/types';
import { applyApiError, DialogActions } from '../../ui/form-errors';
import { flagOf, formatDateTime, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, SectionCard, toast } from '../../ui/page';

type PriceRow = Data<'/api/v1/admin/price-card', 'get'>['items'][number];
type HistoryRow = Data<'/api/v1/admin/price-card/history', 'get'>['items'][number];
type Category = PriceRow['category'];

const CATEGORIES: readonly Category[] = PRICE_CATEGORIES;
const route = getRouteApi('/app/admin/price-card');

const countryLabel = (code: string) =>
  code === '*' ? 'Every other country' : `${flagOf(code)} ${code}`.trim();
const amount = (n: number | null) => (n === null ? '—' : formatNumber(n, 4));

/**
 * The rate card: the price in credits a business pays per message, by category and recipient country, beside
 * what the provider charges the platform for it; edited row by row or from a CSV file, every change in the
 * history below.
 */
export function PriceCardPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter = { category: search.category, country: search.country };
  const { data, error } = useQuery(priceCardQuery(filter));
  const [editing, setEditing] = useState<PriceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PriceRow | null>(null);
  const exporting = useMutation({
    mutationFn: () => download('/api/v1/admin/price-card/export'),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => toast(`The card could not be exported: ${errorText(err)}`, 'red'),
  });

  return (
    <Stack>
      <PageHeader
        title="Rate card"
        description="Credits a business pays per message, by category and recipient country, and the provider's own price. A change applies to campaigns published after it."
      >
        <Group gap="xs">
          <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate()}>
            Export CSV
          </Button>
          <Button onClick={() => setEditing('new')}>Add a price</Button>
        </Group>
      </PageHeader>
      <ListView<PriceRow>
        noun="prices"
        items={data?.items}
        error={error}
        empty="No price matches these filters."
        rowKey={(r) => `${r.category}/${r.country}`}
        minWidth={640}
        filters={
          <Group gap="sm" align="flex-end">
            <Select
              label="Category"
              placeholder="All categories"
              clearable
              data={CATEGORIES}
              value={search.category ?? null}
              onChange={(v) =>
                navigate({ search: (s) => ({ ...s, category: (v as Category) ?? undefined }) })
              }
              w={180}
            />
            <TextInput
              label="Country"
              description="Two letters, or * for the default"
              placeholder="GB"
              maxLength={2}
              defaultValue={search.country ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value.trim().toUpperCase();
                if (v === '' || v === '*' || v.length === 2)
                  navigate({ search: (s) => ({ ...s, country: v || undefined }) });
              }}
              w={180}
            />
          </Group>
        }
        columns={[
          { header: 'Country', cell: (r) => countryLabel(r.country) },
          { header: 'Category', cell: (r) => r.category },
          { header: 'Price (credits)', align: 'right', cell: (r) => amount(r.price) },
          { header: 'Provider cost', align: 'right', cell: (r) => amount(r.cost) },
          {
            header: 'Margin each',
            align: 'right',
            cell: (r) => (r.cost === null ? '—' : formatNumber(r.price - r.cost, 4)),
          },
          { header: 'Updated', cell: (r) => formatDateTime(r.updatedAt) },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(r)}>
                  Edit
                  <VisuallyHidden>
                    {' '}
                    {r.category} {countryLabel(r.country)}
                  </VisuallyHidden>
                </Button>
                {r.country !== '*' && (
                  <Button size="xs" variant="outline" color="red.9" onClick={() => setDeleting(r)}>
                    Delete
                    <VisuallyHidden>
                      {' '}
                      {r.category} {r.country}
                    </VisuallyHidden>
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || !editing
            ? 'Add a price'
            : `${editing.category}: ${countryLabel(editing.country)}`
        }
      >
        {editing !== null && (
          <PriceForm row={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <DeletePrice row={deleting} onDone={() => setDeleting(null)} />
      <ImportCard />
      <History />
    </Stack>
  );
}

function PriceForm({ row, onDone }: { row: PriceRow | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      country: row?.country ?? '',
      category: (row?.category ?? 'marketing') as Category,
      price: row?.price ?? ('' as number | string),
      cost: row?.cost ?? ('' as number | string),
    },
    validate: {
      country: (v) => (/^([A-Za-z]{2}|\*)$/.test(v.trim()) ? null : 'Two letters, such as GB, or *'),
      price: (v) => (v !== '' && Number(v) >= 0 ? null : 'A price of 0 or more'),
    },
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) =>
      unwrap(
        api.PUT('/api/v1/admin/price-card', {
          body: {
            rows: [
              {
                country: v.country.trim().toUpperCase(),
                category: v.category,
                price: Number(v.price),
                cost: v.cost === '' ? null : Number(v.cost),
              },
            ],
          },
        }),
      ),
    onSuccess: (_saved, v) => {
      toast(`${v.category} ${v.country.toUpperCase()}: ${v.price} credits saved.`, 'green');
      void queryClient.invalidateQueries({ queryKey: priceCardKeys.all });
      onDone();
    },
    onError: (err) => setFormError(applyApiError(form, err)),
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))}>
      <Stack>
        <TextInput
          label="Country"
          description="ISO 3166 code (two letters), or * for every country not listed"
          maxLength={2}
          disabled={!!row}
          {...form.getInputProps('country')}
        />
        <Select
          label="Category"
          data={CATEGORIES}
          allowDeselect={false}
          disabled={!!row}
          {...form.getInputProps('category')}
        />
        <NumberInput
          label="Price"
          description="Credits a business pays per message"
          min={0}
          decimalScale={4}
          {...form.getInputProps('price')}
        />
        <NumberInput
          label="Provider cost"
          description="What the provider charges per message, in credits; empty if not known"
          min={0}
          decimalScale={4}
          {...form.getInputProps('cost')}
        />
        <DialogActions error={formError} onCancel={onDone}>
          <Button type="submit" loading={save.isPending}>
            Save price
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

function DeletePrice({ row, onDone }: { row: PriceRow | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (r: PriceRow) => {
      const { error, response } = await api.DELETE('/api/v1/admin/price-card/{category}/{country}', {
        params: { path: { category: r.category, country: r.country } },
      });
      if (!response.ok) throw ApiError.from(response.status, error);
    },
    onSuccess: () => {
      toast('The price was deleted: the default applies to that country.');
      void queryClient.invalidateQueries({ queryKey: priceCardKeys.all });
      onDone();
    },
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!row}
      onClose={onDone}
      title="Delete the price?"
    >
      <Stack>
        <Text>
          Messages of {row?.category} to {row?.country} will pay the category's default price, for campaigns
          published from now on.
        </Text>
        <DialogActions error={remove.error ? errorText(remove.error) : null} onCancel={onDone}>
          <Button color="red.9" loading={remove.isPending} onClick={() => row && remove.mutate(row)}>
            Delete {row?.category} {row?.country}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

type Problem = { path: string; message: string };

/** A whole CSV file, checked before anything is applied: every bad line listed, or what changed. */
function ImportCard() {
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const run = useMutation({
    mutationFn: (text: string) =>
      unwrap(api.POST('/api/v1/admin/price-card/import', { body: { csv: text } })),
    onMutate: () => setProblems(null),
    onSuccess: (r) => {
      toast(`${r.rows} rows read, ${r.changed} changed.`, 'green');
      setCsv('');
      void queryClient.invalidateQueries({ queryKey: priceCardKeys.all });
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? (err.details.fields as Problem[] | undefined) : undefined;
      setProblems(fields?.length ? fields : [{ path: 'file', message: errorText(err) }]);
    },
  });
  return (
    <SectionCard title="Import a CSV file">
      <Text size="sm">
        Columns <code>country,category,price,cost</code> with a header line (cost may be empty). Every line is
        checked first: if one is wrong, nothing is applied. Rows not in the file are kept.
      </Text>
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          if (file) setCsv(await file.text());
        }}
      />
      <Textarea
        label="File contents"
        description="Choose a file above, or paste its lines here"
        autosize
        minRows={4}
        maxRows={12}
        value={csv}
        onChange={(e) => setCsv(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      {problems && (
        <Stack gap={4} role="alert" data-testid="import-report">
          <Text c="red.9" fw={600}>
            Nothing was applied: {problems.length} problem{problems.length === 1 ? '' : 's'} in the file
          </Text>
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={`${p.path}: ${p.message}`}>
                {p.path}: {p.message}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button disabled={!csv.trim()} loading={run.isPending} onClick={() => run.mutate(csv)}>
          Import prices
        </Button>
      </Group>
    </SectionCard>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const { data, error } = useQuery(priceHistoryQuery({ page, pageSize: 10 }));
  const change = (from: number | null, to: number | null) =>
    from === to ? amount(to) : `${amount(from)} → ${amount(to)}`;
  return (
    <SectionCard title="History">
      <ListView<HistoryRow>
        noun="changes"
        items={data?.items}
        error={error}
        empty="No change yet."
        rowKey={(h) => String(h.id)}
        minWidth={640}
        paging={{ page: data, go: (p) => p.page && setPage(p.page), fixedSize: true }}
        columns={[
          { header: 'When', cell: (h) => formatDateTime(h.changedAt) },
          { header: 'Country', cell: (h) => countryLabel(h.country) },
          { header: 'Category', cell: (h) => h.category },
          { header: 'Change', cell: (h) => h.action },
          { header: 'Price', align: 'right', cell: (h) => change(h.oldPrice, h.newPrice) },
          { header: 'Provider cost', align: 'right', cell: (h) => change(h.oldCost, h.newCost) },
        ]}
      />
    </SectionCard>
  );
}
