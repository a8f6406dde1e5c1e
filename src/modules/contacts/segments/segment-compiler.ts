import { type SQL, sql } from 'drizzle-orm';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/max';
import { campaignMessages, contacts, conversations } from '../../../platform/db/schema/index.js';
import { ValidationError } from '../../../platform/http/errors.js';
import { searchText } from '../contact-search.js';
import { type FieldDefinition, isIsoDate, parseFieldValue } from '../custom-fields/field-types.js';
import type { Condition, SegmentFilter } from './segment-filter.js';

export interface CompileContext {
  businessId: string;
  defs: readonly FieldDefinition[];
  /** The moment "within the last N days" counts back from. */
  now: Date;
  /** Where the filter sits in the request, for the 400's path (`filter`). */
  path: string;
  /**
   * Every contact of the business has its country stored: a country condition is then the stored column
   * alone, which the planner serves from contacts_business_country_idx (the fallback's OR defeats it).
   */
  countriesStored?: boolean;
}

const DAY_MS = 86_400_000;
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const name = sql`(${contacts.firstName} || ' ' || ${contacts.lastName})`;

/** Which column of a message records each engagement. */
const EVENT_COLUMN = {
  received: campaignMessages.sentAt,
  delivered: campaignMessages.deliveredAt,
  read: campaignMessages.readAt,
  clicked: campaignMessages.clickedAt,
  replied: campaignMessages.repliedAt,
} as const;

/**
 * A filter as one SQL condition on `contacts`, every value a bound parameter (never text in the statement).
 * Shapes the planner can serve by index where it matters: tags and field equality by their GIN indexes
 * (`@>`), engagement as `IN (subquery)`, which stays one hashed pass even under `any`.
 */
export function compileSegment(filter: SegmentFilter, ctx: CompileContext): SQL {
  const parts = filter.conditions.map((c, i) => {
    const at = `${ctx.path}.conditions.${i}`;
    if (c.on === 'group')
      return joined(
        c.match,
        c.conditions.map((g, j) => compileCondition(g, ctx, `${at}.conditions.${j}`)),
      );
    return compileCondition(c, ctx, at);
  });
  return sql`(${sql`${contacts.businessId} = ${ctx.businessId}`} AND ${joined(filter.match, parts)})`;
}

function joined(match: 'all' | 'any', parts: SQL[]): SQL {
  return sql`(${sql.join(parts, match === 'all' ? sql` AND ` : sql` OR `)})`;
}

function textTest(column: SQL, op: 'equals' | 'contains' | 'startsWith', value: string): SQL {
  if (op === 'equals') return sql`lower(${column}) = lower(${value})`;
  const pattern = op === 'contains' ? `%${escapeLike(value)}%` : `${escapeLike(value)}%`;
  return sql`${column} ILIKE ${pattern}`;
}

const since = (ctx: CompileContext, days: number) => new Date(ctx.now.getTime() - days * DAY_MS);
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);
/** A moment as a bound timestamptz (an ISO string: both drivers bind text the same way). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function compileCondition(c: Condition, ctx: CompileContext, at: string): SQL {
  switch (c.on) {
    case 'name':
      // The search expression is a superset (it adds the phone): its trigram index narrows a contains.
      return c.op === 'contains'
        ? sql`(${searchText} ILIKE ${`%${escapeLike(c.value)}%`} AND ${textTest(name, c.op, c.value)})`
        : textTest(name, c.op, c.value);
    case 'phoneNumber': {
      const digits = c.value.replace(/[^\d+]/g, '');
      if (!digits) throw ValidationError.field(`${at}.value`, 'Must hold digits');
      return textTest(sql`${contacts.phoneNumber}`, c.op, digits);
    }
    case 'country': {
      const code = c.value.toUpperCase();
      if (!isSupportedCountry(code)) throw ValidationError.field(`${at}.value`, 'Not a known country code');
      // By the stored country (docs/decisions/payments.md); the few contacts whose country is still to be
      // derived by their number's calling code, through the small index of those. The stored one is then
      // read with the count from contacts_business_country_idx alone.
      const prefix = `+${getCountryCallingCode(code)}%`;
      const equals = c.op === 'equals';
      const stored = equals
        ? sql`${contacts.countryCode} = ${code}`
        : sql`${contacts.countryCode} <> ${code}`;
      if (ctx.countriesStored) return stored;
      const byPhone = equals ? sql`m.phone_number LIKE ${prefix}` : sql`m.phone_number NOT LIKE ${prefix}`;
      return sql`(${stored} OR ${contacts.id} IN (SELECT m.id FROM ${contacts} m
        WHERE m.business_id = ${ctx.businessId} AND m.country_code IS NULL AND ${byPhone}))`;
    }
    case 'tag': {
      const test = sql`${contacts.tags} @> ARRAY[${c.value}]::text[]`;
      return c.op === 'has' ? test : sql`NOT ${test}`;
    }
    case 'optIn':
      return sql`${contacts.optIn} = ${c.value}`;
    case 'createdAt': {
      if (c.op === 'withinLastDays') {
        if (typeof c.value !== 'number')
          throw ValidationError.field(`${at}.value`, 'Must be a number of days');
        return sql`${contacts.createdAt} >= ${ts(since(ctx, c.value))}`;
      }
      if (typeof c.value !== 'string' || !isIsoDate(c.value))
        throw ValidationError.field(`${at}.value`, 'Must be a date, YYYY-MM-DD');
      // Days are UTC days: "after 2025-01-31" starts on 1 February.
      const day = startOfDay(c.value);
      return c.op === 'before'
        ? sql`${contacts.createdAt} < ${ts(day)}`
        : sql`${contacts.createdAt} >= ${ts(new Date(day.getTime() + DAY_MS))}`;
    }
    case 'field':
      return fieldTest(c, ctx, at);
    case 'campaign': {
      const column = EVENT_COLUMN[c.event];
      const campaign = c.campaignId ? sql` AND ${campaignMessages.campaignId} = ${c.campaignId}` : sql``;
      return sql`${contacts.id} IN (SELECT ${campaignMessages.contactId} FROM ${campaignMessages}
        WHERE ${campaignMessages.businessId} = ${ctx.businessId}${campaign}
          AND ${column} >= ${ts(since(ctx, c.withinDays))} AND ${campaignMessages.contactId} IS NOT NULL)`;
    }
    case 'lastInbound':
      return sql`${contacts.phoneNumber} IN (SELECT ${conversations.phoneNumber} FROM ${conversations}
        WHERE ${conversations.businessId} = ${ctx.businessId}
          AND ${conversations.lastInboundAt} >= ${ts(since(ctx, c.withinDays))})`;
  }
}

/** Which operators each field type takes. */
export const OPS_OF_TYPE = {
  text: ['equals', 'contains', 'startsWith', 'isEmpty', 'isNotEmpty'],
  number: ['equals', 'greaterThan', 'lessThan', 'isEmpty', 'isNotEmpty'],
  date: ['equals', 'before', 'after', 'withinLastDays', 'isEmpty', 'isNotEmpty'],
  boolean: ['equals', 'isEmpty', 'isNotEmpty'],
  choice: ['equals', 'isEmpty', 'isNotEmpty'],
} as const;

function fieldTest(c: Extract<Condition, { on: 'field' }>, ctx: CompileContext, at: string): SQL {
  const def = ctx.defs.find((d) => d.key === c.key);
  if (!def) throw ValidationError.field(`${at}.key`, 'Not a contact field of this business');
  const ops: readonly string[] = OPS_OF_TYPE[def.type];
  if (!ops.includes(c.op))
    throw ValidationError.field(`${at}.op`, `A ${def.type} field takes ${ops.join(', ')}`);
  const has = sql`${contacts.fields} ? ${def.key}`;
  if (c.op === 'isEmpty') return sql`NOT (${has})`;
  if (c.op === 'isNotEmpty') return has;

  const raw = c.value;
  if (c.op === 'withinLastDays') {
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 3650)
      throw ValidationError.field(`${at}.value`, 'Must be a number of days (1 to 3650)');
    // Dates are `YYYY-MM-DD` text, which sorts as the dates do.
    const from = since(ctx, raw).toISOString().slice(0, 10);
    const to = ctx.now.toISOString().slice(0, 10);
    const v = sql`(${contacts.fields} ->> ${def.key}) COLLATE "C"`;
    return sql`(${has} AND ${v} >= ${from} AND ${v} <= ${to})`;
  }
  const parsed = parseFieldValue(def, raw);
  if (!parsed.ok) throw ValidationError.field(`${at}.value`, `The value ${parsed.reason}`);
  const value = parsed.value;
  if (value === null) throw ValidationError.field(`${at}.value`, 'Required');
  switch (c.op) {
    case 'equals':
      // Containment of one key is what the GIN index of `fields` answers (so text equality is exact).
      return sql`${contacts.fields} @> ${JSON.stringify({ [def.key]: value })}::jsonb`;
    case 'contains':
    case 'startsWith':
      return textTest(sql`(${contacts.fields} ->> ${def.key})`, c.op, String(value));
    case 'greaterThan':
    case 'lessThan': {
      // Only a stored number is cast, so no row can make the statement fail.
      const n = sql`CASE WHEN jsonb_typeof(${contacts.fields} -> ${def.key}) = 'number'
        THEN (${contacts.fields} -> ${def.key})::numeric END`;
      return c.op === 'greaterThan' ? sql`${n} > ${value}::numeric` : sql`${n} < ${value}::numeric`;
    }
    case 'before':
    case 'after': {
      const v = sql`(${contacts.fields} ->> ${def.key}) COLLATE "C"`;
      return c.op === 'before' ? sql`(${has} AND ${v} < ${value})` : sql`(${has} AND ${v} > ${value})`;
    }
  }
  throw ValidationError.field(`${at}.op`, 'Not an operator of this field');
}
