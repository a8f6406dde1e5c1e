import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * Search-param readers for `validateSearch`: a page's view lives in the URL, so reload and links keep it.
 * The router parses each value as JSON when it can (`?page=2` is a number, `?flagged=true` a boolean,
 * `?search=%22x%22` a string), so each reader takes what a typed or an older link may carry and gives one
 * type back; anything else is left out (the page's default).
 */

/** A whole number from 1 to `max`, or `fallback`. */
export const num = (v: unknown, fallback: number, max = 10_000) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Text without its surrounding spaces (a number the router parsed is read back as its digits). */
export const str = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  return s || undefined;
};

/** One of `values`. */
export const oneOf = <T extends string>(v: unknown, values: readonly T[]): T | undefined =>
  values.find((value) => value === v);

/** A yes/no filter: `true` or `false` (the words too), left out otherwise. */
export const bool = (v: unknown) =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;

/** The rows-per-page choices of every list with a picker. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** Rows per page of every server list, unless the reader picked another size. */
export const DEFAULT_PAGE_SIZE = 25;

/** `?pageSize=`: any size up to 100 (links made with another size keep it), else the default. */
export const pageSize = (v: unknown) => num(v, DEFAULT_PAGE_SIZE, 100);

/** The yes/no query parameters of the API spell the words. */
export const yesNo = (v: boolean | undefined): 'true' | 'false' | undefined =>
  v === undefined ? undefined : v ? 'true' : 'false';

/**
 * A route's `validateSearch` made of these readers: the page always gets every parameter (its default when
 * the URL has none), while a link or `navigate` to the route may leave any of them out.
 */
export const searchParams =
  <T extends object>(read: (s: Record<string, unknown>) => T) =>
  (s: Partial<T> & SearchSchemaInput): T =>
    read(s);
