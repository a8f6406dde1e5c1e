import { z } from 'zod';
import { PRICE_CATEGORIES } from '../../platform/db/schema/index.js';
import { pageQuery, pageSchema } from '../../platform/http/pagination.js';
import { decimalNumber } from '../settings/index.js';
import { isCardCountry } from './price-card-csv.js';

const category = z.enum(PRICE_CATEGORIES);
/** `*` is the category's default row; any other value an ISO 3166 alpha-2 code, upper or lower case. */
const country = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCardCountry, { message: 'Unknown country code: an ISO 3166 alpha-2 code, or * for the default' });
const amount = decimalNumber({ places: 4 });

export const priceRowSchema = z.object({
  country: z.string(),
  category,
  price: z.number(),
  cost: z.number().nullable(),
  updatedAt: z.string(),
  updatedBy: z.uuid().nullable(),
});

export const priceCardSchema = z.object({ items: z.array(priceRowSchema) });

export const priceCardQuery = z.object({ category: category.optional(), country: country.optional() });

export const setPricesBody = z.object({
  rows: z
    .array(z.object({ country, category, price: amount, cost: amount.nullish() }))
    .min(1)
    .max(1000),
});

export const priceRowParams = z.object({ category, country });

export const priceHistorySchema = pageSchema(
  z.object({
    id: z.number().int(),
    country: z.string(),
    category,
    action: z.enum(['set', 'delete', 'import']),
    oldPrice: z.number().nullable(),
    newPrice: z.number().nullable(),
    oldCost: z.number().nullable(),
    newCost: z.number().nullable(),
    changedBy: z.uuid().nullable(),
    changedAt: z.string(),
  }),
);

export const priceHistoryQuery = pageQuery.extend({
  category: category.optional(),
  country: country.optional(),
});

export const importPricesBody = z.object({
  /** The file's text: `country,category,price,cost` with a header line. */
  csv: z.string().min(1).max(1_000_000),
});

export const importResultSchema = z.object({ rows: z.number().int(), changed: z.number().int() });

/** What a business sees: the selling price only, never the provider's cost. */
export const priceListSchema = z.object({
  items: z.array(z.object({ country: z.string(), category, price: z.number() })),
});
