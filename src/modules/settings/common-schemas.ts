import { Decimal } from 'decimal.js';
import { z } from 'zod';

/**
 * A JSON number destined for a `numeric(_, places)` column: finite, within bounds, and with no more decimal
 * places than the column keeps, so what is stored is exactly what was sent (no silent rounding).
 */
export function decimalNumber(opts: { places: number; min?: number; positive?: boolean; max?: number }) {
  let schema = z
    .number()
    .finite()
    .max(opts.max ?? 1e12);
  schema = opts.positive ? schema.positive() : schema.min(opts.min ?? 0);
  return schema.refine((n) => new Decimal(n).decimalPlaces() <= opts.places, {
    message: `At most ${opts.places} decimal places`,
  });
}

/** A JSON number as the decimal text a `numeric` column takes (never exponent notation). */
export function toDecimalText(n: number): string {
  return new Decimal(n).toFixed();
}

/**
 * A body whose fields are all optional: a request with no body at all (Fastify hands over `null`) is read
 * as `{}`, so clients may call these endpoints without one.
 */
export function optionalBody<T extends z.ZodObject>(schema: T) {
  return schema.nullish().transform((v) => (v ?? {}) as z.output<T>);
}
