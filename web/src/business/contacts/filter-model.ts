import type { ContactFieldDef, SegmentCondition, SegmentFilter } from '../../api/queries/segments';

/**
 * One condition as the builder edits it: every value as the text of its input, turned into the API's
 * condition (numbers, booleans, dates) only when the filter is used. A group holds simple conditions (the
 * API allows one level). What the builder does not edit (one campaign's activity, made through the API) is
 * kept as it is, on a line of its own.
 */
export type SimpleRow = { kind: 'simple'; on: string; op: string; value: string };
export type GroupRow = { kind: 'group'; match: 'all' | 'any'; rows: SimpleRow[] };
export type Row = SimpleRow | GroupRow | { kind: 'raw'; condition: SegmentCondition };
type Condition = Exclude<SegmentCondition, { on: 'group' }>;

export type Draft = { match: 'all' | 'any'; rows: Row[] };

/** What a condition is on: the built-in subjects, then `field:<key>` for each field of the business. */
export const SUBJECTS: Record<string, string> = {
  name: 'Name',
  phoneNumber: 'Phone number',
  country: 'Country',
  tag: 'Tag',
  optIn: 'Opt-in',
  createdAt: 'Added',
  campaign: 'Campaign activity',
  lastInbound: 'Last message to you',
};

export const OP_LABELS: Record<string, string> = {
  equals: 'is',
  notEquals: 'is not',
  contains: 'contains',
  startsWith: 'starts with',
  has: 'has',
  hasNot: 'has not',
  before: 'before',
  after: 'after',
  withinLastDays: 'in the last … days',
  greaterThan: 'more than',
  lessThan: 'less than',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  received: 'received one, within … days',
  delivered: 'had one delivered, within … days',
  read: 'read one, within … days',
  clicked: 'clicked a link, within … days',
  replied: 'replied, within … days',
  withinDays: 'within … days',
};

const FIELD_OPS: Record<ContactFieldDef['type'], string[]> = {
  text: ['equals', 'contains', 'startsWith', 'isEmpty', 'isNotEmpty'],
  number: ['equals', 'greaterThan', 'lessThan', 'isEmpty', 'isNotEmpty'],
  date: ['equals', 'before', 'after', 'withinLastDays', 'isEmpty', 'isNotEmpty'],
  boolean: ['equals', 'isEmpty', 'isNotEmpty'],
  choice: ['equals', 'isEmpty', 'isNotEmpty'],
};

const BUILT_IN_OPS: Record<string, string[]> = {
  name: ['contains', 'equals', 'startsWith'],
  phoneNumber: ['startsWith', 'equals', 'contains'],
  country: ['equals', 'notEquals'],
  tag: ['has', 'hasNot'],
  optIn: ['equals'],
  createdAt: ['withinLastDays', 'before', 'after'],
  campaign: ['received', 'delivered', 'read', 'clicked', 'replied'],
  lastInbound: ['withinDays'],
};

export const fieldOf = (on: string, fields: readonly ContactFieldDef[]) =>
  on.startsWith('field:') ? fields.find((f) => f.key === on.slice(6)) : undefined;

export function operatorsOf(on: string, fields: readonly ContactFieldDef[]): string[] {
  const field = fieldOf(on, fields);
  if (field) return FIELD_OPS[field.type];
  return BUILT_IN_OPS[on] ?? [];
}

/** The input a row's value takes: none, yes/no, one of a field's choices, a date, a number or text. */
export type ValueInput = 'none' | 'boolean' | 'choice' | 'date' | 'number' | 'text';

export function valueInputOf(
  row: { on: string; op: string },
  fields: readonly ContactFieldDef[],
): ValueInput {
  if (row.op === 'isEmpty' || row.op === 'isNotEmpty') return 'none';
  if (row.on === 'optIn') return 'boolean';
  if (row.op === 'withinLastDays' || row.on === 'campaign' || row.on === 'lastInbound') return 'number';
  if (row.on === 'createdAt') return 'date';
  const field = fieldOf(row.on, fields);
  if (!field) return 'text';
  return field.type === 'text' ? 'text' : field.type;
}

export const newRow = (): SimpleRow => ({ kind: 'simple', on: 'name', op: 'contains', value: '' });
export const newGroup = (): GroupRow => ({ kind: 'group', match: 'any', rows: [newRow()] });

/** The API's condition for a row; null while its value is still missing (the filter leaves it out). */
function toCondition(row: Row, fields: readonly ContactFieldDef[]): SegmentCondition | null {
  if (row.kind === 'raw') return row.condition;
  if (row.kind === 'group') {
    const conditions = row.rows
      .map((r) => toSimpleCondition(r, fields))
      .filter((c): c is Condition => c !== null);
    return conditions.length ? { on: 'group', match: row.match, conditions } : null;
  }
  return toSimpleCondition(row, fields);
}

function toSimpleCondition(row: SimpleRow, fields: readonly ContactFieldDef[]): Condition | null {
  const input = valueInputOf(row, fields);
  const text = row.value.trim();
  if (input !== 'none' && !text) return null;
  const value = input === 'number' ? Number(text) : input === 'boolean' ? text === 'true' : text;
  if (input === 'number' && !Number.isFinite(value)) return null;
  if (row.on === 'campaign')
    return { on: 'campaign', event: row.op as 'received', withinDays: value as number };
  if (row.on === 'lastInbound') return { on: 'lastInbound', withinDays: value as number };
  if (row.on.startsWith('field:')) {
    const op = row.op as Extract<SegmentCondition, { on: 'field' }>['op'];
    return input === 'none'
      ? { on: 'field', key: row.on.slice(6), op }
      : { on: 'field', key: row.on.slice(6), op, value };
  }
  return { on: row.on, op: row.op, value } as Condition;
}

/** The filter of a draft, or null when no condition is complete yet. */
export function toFilter(draft: Draft, fields: readonly ContactFieldDef[]): SegmentFilter | null {
  const conditions = draft.rows
    .map((r) => toCondition(r, fields))
    .filter((c): c is SegmentCondition => c !== null);
  return conditions.length ? { match: draft.match, conditions } : null;
}

/** A saved filter back into the builder's rows. */
export function fromFilter(filter: SegmentFilter | undefined): Draft {
  if (!filter) return { match: 'all', rows: [newRow()] };
  return {
    match: filter.match,
    rows: filter.conditions.map((c): Row => {
      if (c.on !== 'group') return fromCondition(c) ?? { kind: 'raw', condition: c };
      const rows = c.conditions.map(fromCondition);
      return rows.every((r) => r !== null)
        ? { kind: 'group', match: c.match, rows: rows as SimpleRow[] }
        : { kind: 'raw', condition: c };
    }),
  };
}

/** One condition back into a row; null for what the builder does not edit. */
function fromCondition(c: Condition): SimpleRow | null {
  switch (c.on) {
    case 'campaign':
      // One campaign's activity is made through the API: kept as it is.
      if (c.campaignId) return null;
      return { kind: 'simple', on: 'campaign', op: c.event, value: String(c.withinDays) };
    case 'lastInbound':
      return { kind: 'simple', on: 'lastInbound', op: 'withinDays', value: String(c.withinDays) };
    case 'field':
      return {
        kind: 'simple',
        on: `field:${c.key}`,
        op: c.op,
        value: c.value === undefined ? '' : String(c.value),
      };
    default:
      return { kind: 'simple', on: c.on, op: c.op, value: String(c.value) };
  }
}

/** `?filter=` as the router hands it over: the object (the router parses JSON), or its text. */
export function readFilter(v: unknown): SegmentFilter | undefined {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const f = value as Partial<SegmentFilter>;
  return (f.match === 'all' || f.match === 'any') && Array.isArray(f.conditions)
    ? (f as SegmentFilter)
    : undefined;
}
