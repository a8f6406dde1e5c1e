import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { NotFoundError, ValidationError } from '../../../platform/http/errors.js';
import { isUuid } from '../../../platform/http/id-params.js';
import { fieldDefinitionsOf } from '../custom-fields/field-definitions.repository.js';
import { compileSegment } from './segment-compiler.js';
import { type SegmentFilter, segmentFilter } from './segment-filter.js';
import { countriesAllStored, findSegment, unknownCampaigns } from './segments.repository.js';

const usesCountry = (filter: SegmentFilter): boolean =>
  filter.conditions.some(
    (c) => c.on === 'country' || (c.on === 'group' && c.conditions.some((g) => g.on === 'country')),
  );

/**
 * A filter checked against the business (its fields, its campaigns) and compiled to one condition on
 * `contacts`, as of `now`. Every problem is a 400 naming its path under `path`.
 */
export async function compileFilter(
  db: Db,
  businessId: string,
  filter: SegmentFilter,
  opts: { path: string; now?: Date; checkCampaigns?: boolean },
): Promise<SQL> {
  const defs = await fieldDefinitionsOf(db, businessId);
  const countriesStored = usesCountry(filter) ? await countriesAllStored(db, businessId) : false;
  const where = compileSegment(filter, {
    businessId,
    defs,
    now: opts.now ?? new Date(),
    path: opts.path,
    countriesStored,
  });
  // A saved segment naming a campaign deleted since simply matches nobody by it; a new filter must not.
  if (opts.checkCampaigns === false) return where;
  const named: { id: string; path: string }[] = [];
  filter.conditions.forEach((c, i) => {
    const at = `${opts.path}.conditions.${i}`;
    if (c.on === 'campaign' && c.campaignId) named.push({ id: c.campaignId, path: at });
    if (c.on === 'group')
      c.conditions.forEach((g, j) => {
        if (g.on === 'campaign' && g.campaignId)
          named.push({ id: g.campaignId, path: `${at}.conditions.${j}` });
      });
  });
  const unknown = new Set(
    await unknownCampaigns(db, businessId, [...new Set(named.map((n) => n.id.toLowerCase()))]),
  );
  const first = named.find((n) => unknown.has(n.id.toLowerCase()));
  if (first) throw ValidationError.field(`${first.path}.campaignId`, 'Campaign not found');
  return where;
}

/** A filter given as JSON text (a query string's `filter`), checked as the segment routes check a body. */
export function parseFilterText(text: string, path: string): SegmentFilter {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw ValidationError.field(path, 'Must be a filter as JSON');
  }
  return parseFilter(json, path);
}

/** A filter given as a loose value, checked as the segment routes check a body. */
export function parseFilter(json: unknown, path: string): SegmentFilter {
  const result = segmentFilter.safeParse(json);
  if (!result.success) {
    const fields = result.error.issues.map((i) => ({
      path: [path, ...i.path.map(String)].join('.'),
      message: i.message,
    }));
    throw new ValidationError(`${fields[0]!.path}: ${fields[0]!.message}`, fields);
  }
  return result.data;
}

/** A saved segment's condition; another business's id, or one that is not a UUID, is a 404. */
export async function segmentCondition(db: Db, businessId: string, id: string, now?: Date): Promise<SQL> {
  const row = await findSegment(db, businessId, id);
  if (!row) throw new NotFoundError('Segment');
  return compileFilter(db, businessId, row.filter as SegmentFilter, {
    path: 'segmentId',
    now,
    checkCampaigns: false,
  });
}

/**
 * The condition of "a segment or an unsaved filter" as the contact routes take it (at most one of them;
 * the schemas say which is the JSON text of a query string), or undefined for neither.
 */
export async function audienceCondition(
  db: Db,
  businessId: string,
  q: { segmentId?: string; filter?: unknown },
): Promise<SQL | undefined> {
  if (q.segmentId !== undefined && q.filter !== undefined)
    throw ValidationError.field('segmentId', 'Give segmentId or filter, not both');
  if (q.segmentId !== undefined) {
    if (!isUuid(q.segmentId)) throw new NotFoundError('Segment');
    return segmentCondition(db, businessId, q.segmentId);
  }
  if (q.filter === undefined) return undefined;
  const filter =
    typeof q.filter === 'string' ? parseFilterText(q.filter, 'filter') : parseFilter(q.filter, 'filter');
  return compileFilter(db, businessId, filter, { path: 'filter' });
}
