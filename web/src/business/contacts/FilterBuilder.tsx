import { Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import { tagsQuery } from '../../api/queries/contacts';
import {
  type ContactFieldDef,
  contactFieldsQuery,
  type SegmentFilter,
  segmentPreviewQuery,
} from '../../api/queries/segments';
import { formatNumber } from '../../ui/format';
import {
  type Draft,
  fieldOf,
  fromFilter,
  type GroupRow,
  newGroup,
  newRow,
  OP_LABELS,
  operatorsOf,
  type Row,
  type SimpleRow,
  SUBJECTS,
  toFilter,
  valueInputOf,
} from './filter-model';

/**
 * The contacts list's filter: conditions joined by all or any, with a live count of the contacts they
 * match; applying it filters the list (and its export and bulk tagging).
 */
export function FilterBuilder(props: {
  applied: SegmentFilter | undefined;
  onApply: (filter: SegmentFilter | undefined) => void;
  onSave: (filter: SegmentFilter) => void;
  canSave: boolean;
  /** The saved segment this filter was opened from: its changes can be saved back to it. */
  segment?: { name: string } | undefined;
  onSaveTo?: (filter: SegmentFilter) => void;
}) {
  const fields = useQuery(contactFieldsQuery).data?.items ?? [];
  const [draft, setDraft] = useState<Draft>(() => fromFilter(props.applied));
  const appliedJson = JSON.stringify(props.applied ?? null);
  // A filter applied from elsewhere (a segment opened, the URL) replaces the one being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the JSON text stands for the filter
  useEffect(() => setDraft(fromFilter(props.applied)), [appliedJson]);
  const filter = toFilter(draft, fields);
  const [previewJson] = useDebouncedValue(JSON.stringify(filter), 400);
  const previewFilter = JSON.parse(previewJson) as SegmentFilter | null;
  const preview = useQuery({
    ...segmentPreviewQuery(previewFilter ?? { match: 'all', conditions: [] }),
    enabled: !!previewFilter,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const setRow = (i: number, row: Row) =>
    setDraft({ ...draft, rows: draft.rows.map((r, j) => (j === i ? row : r)) });
  const removeRow = (i: number) => setDraft({ ...draft, rows: draft.rows.filter((_, j) => j !== i) });

  return (
    <Card withBorder mb="md" component="section" aria-labelledby="filter-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text id="filter-title" fw={600}>
            {props.segment ? `Filter of the segment ${props.segment.name}` : 'Filter'}
          </Text>
          <MatchControl
            id="match-label"
            label="Contacts matching"
            value={draft.match}
            onChange={(match) => setDraft({ ...draft, match })}
          />
        </Group>
        {draft.rows.map((row, i) =>
          row.kind === 'group' ? (
            <GroupBlock
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their place is it
              key={i}
              n={String(i + 1)}
              group={row}
              fields={fields}
              onChange={(r) => setRow(i, r)}
              onRemove={() => removeRow(i)}
            />
          ) : (
            <ConditionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their place is it
              key={i}
              n={String(i + 1)}
              row={row}
              fields={fields}
              onChange={(r) => setRow(i, r)}
              onRemove={() => removeRow(i)}
            />
          ),
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={draft.rows.length >= 20}
            onClick={() => setDraft({ ...draft, rows: [...draft.rows, newRow()] })}
          >
            Add condition
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={draft.rows.length >= 20}
            onClick={() => setDraft({ ...draft, rows: [...draft.rows, newGroup()] })}
          >
            Add group
          </Button>
        </Group>
        <Text size="sm" role="status" data-testid="filter-count">
          {!filter
            ? 'Complete a condition to see how many contacts match.'
            : preview.isError
              ? errorText(preview.error)
              : preview.data
                ? `${formatNumber(preview.data.contacts)} contacts match, ${formatNumber(preview.data.optedIn)} of them opted in.`
                : 'Counting…'}
        </Text>
        <Group gap="xs">
          <Button size="sm" disabled={!filter} onClick={() => filter && props.onApply(filter)}>
            Show these contacts
          </Button>
          {props.canSave && props.segment && props.onSaveTo && (
            <Button
              size="sm"
              variant="default"
              disabled={!filter}
              onClick={() => filter && props.onSaveTo?.(filter)}
            >
              Save to {props.segment.name}…
            </Button>
          )}
          {props.canSave && (
            <Button
              size="sm"
              variant="default"
              disabled={!filter}
              onClick={() => filter && props.onSave(filter)}
            >
              {props.segment ? 'Save as a new segment' : 'Save as segment'}
            </Button>
          )}
          {props.applied && (
            <Button size="sm" variant="subtle" onClick={() => props.onApply(undefined)}>
              Clear the filter
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function MatchControl(props: {
  id: string;
  label: string;
  value: 'all' | 'any';
  onChange: (match: 'all' | 'any') => void;
}) {
  return (
    <Group gap="xs">
      <Text size="sm" id={props.id}>
        {props.label}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={props.id}
        value={props.value}
        onChange={(m) => props.onChange(m as 'all' | 'any')}
        data={[
          { value: 'all', label: 'all conditions' },
          { value: 'any', label: 'any condition' },
        ]}
      />
    </Group>
  );
}

/** One level of grouping: its own conditions, joined by its own all or any. */
function GroupBlock(props: {
  n: string;
  group: GroupRow;
  fields: readonly ContactFieldDef[];
  onChange: (row: GroupRow) => void;
  onRemove: () => void;
}) {
  const { group, n } = props;
  const setRows = (rows: SimpleRow[]) => props.onChange({ ...group, rows });
  return (
    <Card withBorder p="sm" role="group" aria-label={`Group ${n}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <MatchControl
            id={`group-${n}-match`}
            label={`Group ${n}: contacts matching`}
            value={group.match}
            onChange={(match) => props.onChange({ ...group, match })}
          />
          <Button size="xs" variant="default" aria-label={`Remove group ${n}`} onClick={props.onRemove}>
            Remove group
          </Button>
        </Group>
        {group.rows.map((row, j) => (
          <ConditionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their place is it
            key={j}
            n={`${n}.${j + 1}`}
            row={row}
            fields={props.fields}
            onChange={(r) => r.kind === 'simple' && setRows(group.rows.map((x, k) => (k === j ? r : x)))}
            onRemove={() => setRows(group.rows.filter((_, k) => k !== j))}
          />
        ))}
        <Group>
          <Button
            size="xs"
            variant="default"
            disabled={group.rows.length >= 20}
            onClick={() => setRows([...group.rows, newRow()])}
          >
            Add condition to group {n}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ConditionRow(props: {
  n: string;
  row: SimpleRow | Extract<Row, { kind: 'raw' }>;
  fields: readonly ContactFieldDef[];
  onChange: (row: SimpleRow) => void;
  onRemove: () => void;
}) {
  const { row, fields, n } = props;
  const tags = useQuery(tagsQuery).data;
  const remove = (
    <Button size="xs" variant="default" aria-label={`Remove condition ${n}`} onClick={props.onRemove}>
      Remove
    </Button>
  );
  if (row.kind === 'raw') {
    return (
      <Group gap="xs">
        <Text size="sm">
          Condition {n}:{' '}
          {row.condition.on === 'group'
            ? `a group of ${row.condition.conditions.length} conditions (${row.condition.match})`
            : 'activity on one campaign'}{' '}
          (made through the API)
        </Text>
        {remove}
      </Group>
    );
  }
  const subjects = [
    ...Object.entries(SUBJECTS).map(([value, label]) => ({ value, label })),
    ...fields.map((f) => ({ value: `field:${f.key}`, label: f.label })),
  ];
  const ops = operatorsOf(row.on, fields);
  const input = valueInputOf(row, fields);
  const field = fieldOf(row.on, fields);
  const valueLabel = `Value of condition ${n}`;
  const setValue = (value: string) => props.onChange({ ...row, value });
  let valueInput: ReactNode = null;
  if (input === 'boolean')
    valueInput = (
      <Select
        aria-label={valueLabel}
        data={[
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
        value={row.value || null}
        onChange={(v) => setValue(v ?? '')}
        w={{ base: '100%', sm: 120 }}
      />
    );
  else if (input === 'choice')
    valueInput = (
      <Select
        aria-label={valueLabel}
        data={field?.choices ?? []}
        value={row.value || null}
        onChange={(v) => setValue(v ?? '')}
        w={{ base: '100%', sm: 180 }}
      />
    );
  else if (row.on === 'tag' && tags)
    valueInput = (
      <Select
        aria-label={valueLabel}
        data={tags.map((t) => t.tag)}
        searchable
        value={row.value || null}
        onChange={(v) => setValue(v ?? '')}
        w={{ base: '100%', sm: 180 }}
      />
    );
  else if (input !== 'none')
    valueInput = (
      <TextInput
        aria-label={valueLabel}
        type={input === 'date' ? 'date' : input === 'number' ? 'number' : 'text'}
        placeholder={row.on === 'country' ? 'NG' : input === 'number' ? 'Days' : undefined}
        value={row.value}
        onChange={(e) => setValue(e.currentTarget.value)}
        w={{ base: '100%', sm: input === 'number' ? 110 : 180 }}
      />
    );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        aria-label={`Condition ${n} on`}
        data={subjects}
        value={row.on}
        allowDeselect={false}
        onChange={(on) => {
          if (!on) return;
          props.onChange({ kind: 'simple', on, op: operatorsOf(on, fields)[0] ?? 'equals', value: '' });
        }}
        w={{ base: '100%', sm: 180 }}
      />
      <Select
        aria-label={`Condition ${n} operator`}
        data={ops.map((op) => ({ value: op, label: OP_LABELS[op] ?? op }))}
        value={row.op}
        allowDeselect={false}
        onChange={(op) => op && props.onChange({ ...row, op })}
        w={{ base: '100%', sm: 220 }}
      />
      {valueInput}
      {remove}
    </Group>
  );
}
