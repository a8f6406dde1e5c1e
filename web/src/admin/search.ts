/** Search-param readers for `validateSearch`: a list's view lives in the URL, so reload and links keep it. */
export const num = (v: unknown, fallback: number, max = 10_000) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};
export const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
export const oneOf = <T extends string>(v: unknown, values: readonly T[]) =>
  values.includes(v as T) ? (v as T) : undefined;
export const bool = (v: unknown) =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;
