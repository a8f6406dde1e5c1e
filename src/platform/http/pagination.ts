import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const NOT_POSITIVE = 'must be a positive integer';

/**
 * Only plain digits are a number here: `Number()` (and z.coerce) would also read `0x10`, `1e1`, `0b11` and
 * ` 2 `, which docs/api.md "Pagination" makes a 400 like any other non-integer. Anything else reaches the number
 * schema as it came, and fails it.
 */
function digitsToNumber(value: unknown, max = Number.POSITIVE_INFINITY): unknown {
  return typeof value === 'string' && /^\d+$/.test(value) ? Math.min(Number(value), max) : value;
}

/** `page` from 1; `pageSize` 20 by default, clamped to 100; anything else not a positive integer is a 400. */
export const pageQuery = z.object({
  page: z.preprocess((v) => digitsToNumber(v), z.number({ error: NOT_POSITIVE }).int().min(1).default(1)),
  // Clamped before the number check, so a larger value of any length is 100 (docs/api.md "Pagination").
  pageSize: z.preprocess(
    (v) => digitsToNumber(v, MAX_PAGE_SIZE),
    z.number({ error: NOT_POSITIVE }).int().min(1).default(DEFAULT_PAGE_SIZE),
  ),
});

export type PageQuery = z.output<typeof pageQuery>;

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export function toPage<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, page: q.page, pageSize: q.pageSize, total, totalPages: Math.ceil(total / q.pageSize) };
}

export function pageOffset(q: PageQuery): number {
  return (q.page - 1) * q.pageSize;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** A boolean in a query string: only `true` or `false`. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Escapes `%`, `_` and `\` so user input is matched literally inside ILIKE patterns. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
