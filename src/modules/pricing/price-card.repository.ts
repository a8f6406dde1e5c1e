import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  DEFAULT_COUNTRY,
  type PRICE_CATEGORIES,
  priceCard,
  priceCardHistory,
} from '../../platform/db/schema/index.js';
import { type PageQuery, pageOffset } from '../../platform/http/pagination.js';
import { type AppSettings, MESSAGE_RATE_FIELD, saveAppSettings } from '../settings/index.js';

export type PriceCategory = (typeof PRICE_CATEGORIES)[number];
export type PriceRow = typeof priceCard.$inferSelect;
export type PriceHistoryRow = typeof priceCardHistory.$inferSelect;

/** One row to set: decimal strings, as stored. */
export interface PriceInput {
  category: PriceCategory;
  countryCode: string;
  price: string;
  cost: string | null;
}

export type PriceChange = 'set' | 'delete' | 'import';

/**
 * Every change of the card runs under one transaction-scoped lock: changes are rare, and the history's "old"
 * value is then the one really replaced, even when two administrators edit the same row at once.
 */
async function lockCard(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('price-card'))`);
}

export async function listPriceCard(
  db: Db,
  filter: { category?: PriceCategory; countryCode?: string } = {},
): Promise<PriceRow[]> {
  return db
    .select()
    .from(priceCard)
    .where(
      and(
        filter.category ? eq(priceCard.category, filter.category) : undefined,
        filter.countryCode ? eq(priceCard.countryCode, filter.countryCode) : undefined,
      ),
    )
    .orderBy(asc(priceCard.category), asc(priceCard.countryCode));
}

const same = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Number(a) === Number(b));

/**
 * Upserts `rows` inside the caller's transaction, one history row per row whose price or cost changed.
 * Returns how many changed.
 */
export async function setPrices(
  tx: Db,
  rows: PriceInput[],
  by: string | null,
  action: PriceChange,
): Promise<number> {
  await lockCard(tx);
  const current = new Map(
    (await tx.select().from(priceCard)).map((r) => [`${r.category}/${r.countryCode}`, r]),
  );
  let changed = 0;
  // The settings' per-category rates are the card's default rows: changed here, they follow.
  const rates: Partial<AppSettings> = {};
  for (const row of rows)
    if (row.countryCode === DEFAULT_COUNTRY) rates[MESSAGE_RATE_FIELD[row.category]] = row.price;
  if (Object.keys(rates).length) await saveAppSettings(tx, rates);
  for (const row of rows) {
    const old = current.get(`${row.category}/${row.countryCode}`);
    if (old && same(old.price, row.price) && same(old.cost, row.cost)) continue;
    await tx
      .insert(priceCard)
      .values({ ...row, updatedBy: by, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [priceCard.category, priceCard.countryCode],
        set: { price: row.price, cost: row.cost, updatedBy: by, updatedAt: new Date() },
      });
    await tx.insert(priceCardHistory).values({
      category: row.category,
      countryCode: row.countryCode,
      action,
      oldPrice: old?.price ?? null,
      newPrice: row.price,
      oldCost: old?.cost ?? null,
      newCost: row.cost,
      changedBy: by,
    });
    changed++;
  }
  return changed;
}

/** Deletes a country's row (never a default row: the caller refuses those). Returns the deleted row. */
export async function deletePrice(
  tx: Db,
  category: PriceCategory,
  countryCode: string,
  by: string | null,
): Promise<PriceRow | null> {
  await lockCard(tx);
  const [gone] = await tx
    .delete(priceCard)
    .where(and(eq(priceCard.category, category), eq(priceCard.countryCode, countryCode)))
    .returning();
  if (!gone) return null;
  await tx.insert(priceCardHistory).values({
    category,
    countryCode,
    action: 'delete',
    oldPrice: gone.price,
    newPrice: null,
    oldCost: gone.cost,
    newCost: null,
    changedBy: by,
  });
  return gone;
}

export async function listPriceHistory(
  db: Db,
  q: PageQuery & { category?: PriceCategory; countryCode?: string },
): Promise<{ rows: PriceHistoryRow[]; total: number }> {
  const where = and(
    q.category ? eq(priceCardHistory.category, q.category) : undefined,
    q.countryCode ? eq(priceCardHistory.countryCode, q.countryCode) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(priceCardHistory)
      .where(where)
      .orderBy(desc(priceCardHistory.changedAt), desc(priceCardHistory.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(priceCardHistory).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * The settings' per-category rates saved by an administrator (`PUT /admin/settings`): the card's default
 * rows take them, each change a history row, their provider cost kept. Inside the caller's transaction.
 */
export async function setDefaultPrices(
  tx: Db,
  rates: Partial<Record<PriceCategory, string>>,
  by: string | null,
): Promise<void> {
  const given = Object.entries(rates).filter(([, price]) => price !== undefined) as [PriceCategory, string][];
  if (!given.length) return;
  const cost = new Map(
    (await listPriceCard(tx, { countryCode: DEFAULT_COUNTRY })).map((r) => [r.category, r.cost]),
  );
  await setPrices(
    tx,
    given.map(([category, price]) => ({
      category,
      countryCode: DEFAULT_COUNTRY,
      price,
      cost: cost.get(category) ?? null,
    })),
    by,
    'set',
  );
}
