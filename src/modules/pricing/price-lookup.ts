import { Decimal } from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { DEFAULT_COUNTRY, priceCard } from '../../platform/db/schema/index.js';
import type { PriceCategory } from './price-card.repository.js';

/** One category's card: country (ISO 3166 alpha-2, or `*` for every other) → price in credits, decimal text. */
export type CategoryCard = Record<string, string>;

/**
 * The card of `category` as it is now, whole (a few hundred rows at most): a campaign keeps it from its
 * publish, so each of its messages, late opt-ins included, is priced and refunded as the card was then.
 */
export async function categoryCard(db: Db, category: PriceCategory): Promise<CategoryCard> {
  const rows = await db
    .select({ countryCode: priceCard.countryCode, price: priceCard.price })
    .from(priceCard)
    .where(eq(priceCard.category, category));
  const card = Object.fromEntries(rows.map((r) => [r.countryCode, new Decimal(r.price).toFixed()]));
  // The migration seeds the default rows and the routes never delete them: without one the database is broken.
  if (card[DEFAULT_COUNTRY] === undefined)
    throw new Error(`The price card has no default row for ${category}`);
  return card;
}

/** The price of a message to `country` (null or unlisted: the default row's). */
export function priceIn(card: CategoryCard, country: string | null | undefined): string {
  return (country ? card[country] : undefined) ?? card[DEFAULT_COUNTRY]!;
}

/** A country's line of a charge: how many messages, at what price, for how much. */
export interface CountryCharge {
  country: string | null;
  messages: number;
  price: string;
  subtotal: string;
}

/** Messages counted by country, priced by `card`: the lines and their exact total (4 places at most). */
export function priceByCountry(
  card: CategoryCard,
  counts: { country: string | null; messages: number }[],
): { lines: CountryCharge[]; total: string } {
  let total = new Decimal(0);
  const lines = counts.map(({ country, messages }) => {
    const price = priceIn(card, country);
    const subtotal = new Decimal(price).times(messages);
    total = total.plus(subtotal);
    return { country, messages, price, subtotal: subtotal.toFixed() };
  });
  return { lines, total: total.toFixed(4) };
}
