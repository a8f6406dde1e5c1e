import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { Decimal } from 'decimal.js';
import { isSupportedCountry } from 'libphonenumber-js';
import { DEFAULT_COUNTRY, PRICE_CATEGORIES } from '../../platform/db/schema/index.js';
import type { FieldProblem } from '../../platform/http/errors.js';
import type { PriceCategory, PriceInput, PriceRow } from './price-card.repository.js';

export const CSV_COLUMNS = ['country', 'category', 'price', 'cost'] as const;
/** Every country of every category is about 1,000 rows: ten times that is a mistake, not a card. */
export const MAX_IMPORT_ROWS = 10_000;
const PLACES = 4;
const MAX_PRICE = 1e12;

/** A country code as the card keeps it: an ISO 3166 alpha-2 code the phone library knows, or `*`. */
export function isCardCountry(code: string): boolean {
  return code === DEFAULT_COUNTRY || (/^[A-Z]{2}$/.test(code) && isSupportedCountry(code));
}

export const isPriceCategory = (v: string): v is PriceCategory =>
  (PRICE_CATEGORIES as readonly string[]).includes(v);

/** A decimal text ≥ 0 with at most 4 places, or the reason it is not one. */
export function checkAmount(text: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return 'must be a number ≥ 0';
  const d = new Decimal(text);
  if (d.decimalPlaces() > PLACES) return `at most ${PLACES} decimal places`;
  if (d.gt(MAX_PRICE)) return 'too large';
  return null;
}

export function priceCardCsv(rows: PriceRow[]): string {
  return stringify(
    rows.map((r) => [
      r.countryCode,
      r.category,
      new Decimal(r.price).toFixed(),
      r.cost === null ? '' : new Decimal(r.cost).toFixed(),
    ]),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

/**
 * Reads a whole card file: every row checked before anything is applied, each problem named by its line
 * (`path: "line 3"`). A header is required; `cost` may be absent or empty.
 */
export function parsePriceCardCsv(text: string): { rows: PriceInput[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      info: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (err) {
    return {
      rows: [],
      problems: [{ path: 'csv', message: `Not a readable CSV file: ${(err as Error).message}` }],
    };
  }
  const header = Object.keys(records[0]?.record ?? {});
  const missing = ['country', 'category', 'price'].filter((c) => !header.includes(c));
  if (!records.length) return { rows: [], problems: [{ path: 'csv', message: 'The file has no rows' }] };
  if (missing.length)
    return { rows: [], problems: [{ path: 'line 1', message: `Missing column: ${missing.join(', ')}` }] };
  if (records.length > MAX_IMPORT_ROWS)
    return { rows: [], problems: [{ path: 'csv', message: `At most ${MAX_IMPORT_ROWS} rows` }] };
  const rows: PriceInput[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const say = (message: string) => problems.push({ path: `line ${line}`, message });
    const country = (record.country ?? '').toUpperCase();
    const category = (record.category ?? '').toLowerCase();
    const price = record.price ?? '';
    const cost = record.cost ?? '';
    if (!isCardCountry(country)) say(`Unknown country code "${record.country ?? ''}"`);
    if (!isPriceCategory(category)) say(`Unknown category "${record.category ?? ''}"`);
    const priceProblem = checkAmount(price);
    if (priceProblem) say(`price ${priceProblem}`);
    const costProblem = cost === '' ? null : checkAmount(cost);
    if (costProblem) say(`cost ${costProblem}`);
    const key = `${category}/${country}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) say(`${country} ${category} is already on line ${earlier}`);
    seen.set(key, line);
    if (isPriceCategory(category))
      rows.push({ category, countryCode: country, price, cost: cost === '' ? null : cost });
  }
  return { rows: problems.length ? [] : rows, problems };
}
