import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { exchangeRates } from '../../platform/db/schema/index.js';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

export async function findExchangeRate(db: Db, countryCode: string): Promise<ExchangeRateRow | null> {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.countryCode, countryCode.toUpperCase()));
  return row ?? null;
}

export async function listExchangeRates(db: Db): Promise<ExchangeRateRow[]> {
  return db.select().from(exchangeRates).orderBy(asc(exchangeRates.countryCode));
}

export async function upsertExchangeRate(
  db: Db,
  input: { countryCode: string; currency: string; rate: string },
): Promise<ExchangeRateRow> {
  const values = {
    ...input,
    countryCode: input.countryCode.toUpperCase(),
    currency: input.currency.toUpperCase(),
  };
  const [row] = await db
    .insert(exchangeRates)
    .values(values)
    .onConflictDoUpdate({
      target: exchangeRates.countryCode,
      set: { currency: values.currency, rate: values.rate, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteExchangeRate(db: Db, countryCode: string): Promise<boolean> {
  const rows = await db
    .delete(exchangeRates)
    .where(eq(exchangeRates.countryCode, countryCode.toUpperCase()))
    .returning({ code: exchangeRates.countryCode });
  return rows.length > 0;
}
