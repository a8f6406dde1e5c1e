import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { DEFAULT_COUNTRY } from '../../platform/db/schema/index.js';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import { toDecimalText } from '../settings/index.js';
import {
  deletePrice,
  listPriceCard,
  listPriceHistory,
  type PriceCategory,
  type PriceHistoryRow,
  type PriceRow,
  setPrices,
} from './price-card.repository.js';
import { parsePriceCardCsv, priceCardCsv } from './price-card-csv.js';

const num = (v: string | null) => (v === null ? null : Number(v));

export function toPriceRowDto(r: PriceRow) {
  return {
    country: r.countryCode,
    category: r.category as PriceCategory,
    price: Number(r.price),
    cost: num(r.cost),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: r.updatedBy,
  };
}

function toHistoryDto(h: PriceHistoryRow) {
  return {
    id: h.id,
    country: h.countryCode,
    category: h.category as PriceCategory,
    action: h.action as 'set' | 'delete' | 'import',
    oldPrice: num(h.oldPrice),
    newPrice: num(h.newPrice),
    oldCost: num(h.oldCost),
    newCost: num(h.newCost),
    changedBy: h.changedBy,
    changedAt: h.changedAt.toISOString(),
  };
}

type Filter = { category?: PriceCategory; country?: string };

/**
 * The rate card (docs/api.md "Rate card"): administrators read, set, delete, import and export it; every
 * change is a history row naming its author. Platform-wide, so not in any business's audit log.
 */
export class PriceCardService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async card(q: Filter) {
    const rows = await listPriceCard(this.deps.db, { category: q.category, countryCode: q.country });
    return { items: rows.map(toPriceRowDto) };
  }

  /** What a business is charged per message: every row of the card, without the provider's cost. */
  async priceList(q: Filter) {
    const rows = await listPriceCard(this.deps.db, { category: q.category, countryCode: q.country });
    return {
      items: rows.map((r) => ({
        country: r.countryCode,
        category: r.category as PriceCategory,
        price: Number(r.price),
      })),
    };
  }

  async set(
    auth: AuthContext,
    rows: { country: string; category: PriceCategory; price: number; cost?: number | null }[],
  ) {
    const seen = new Set<string>();
    for (const [i, r] of rows.entries()) {
      const key = `${r.category}/${r.country}`;
      if (seen.has(key))
        throw ValidationError.field(`rows.${i}`, `${r.country} ${r.category} is given twice`);
      seen.add(key);
    }
    await this.deps.db.transaction((tx) =>
      setPrices(
        tx,
        rows.map((r) => ({
          category: r.category,
          countryCode: r.country,
          price: toDecimalText(r.price),
          cost: r.cost === undefined || r.cost === null ? null : toDecimalText(r.cost),
        })),
        auth.accountId,
        'set',
      ),
    );
    return this.card({});
  }

  async remove(auth: AuthContext, category: PriceCategory, country: string) {
    if (country === DEFAULT_COUNTRY)
      throw new BusinessRuleError('A default row cannot be deleted: change its price instead');
    const gone = await this.deps.db.transaction((tx) => deletePrice(tx, category, country, auth.accountId));
    if (!gone) throw new NotFoundError('Price');
    return toPriceRowDto(gone);
  }

  async history(q: PageQuery & Filter) {
    const { rows, total } = await listPriceHistory(this.deps.db, { ...q, countryCode: q.country });
    return toPage(rows.map(toHistoryDto), total, q);
  }

  async exportCsv() {
    const rows = await listPriceCard(this.deps.db);
    return { body: priceCardCsv(rows), count: rows.length };
  }

  /** All or nothing: one bad line and nothing is applied, every bad line listed. */
  async importCsv(auth: AuthContext, csv: string) {
    const { rows, problems } = parsePriceCardCsv(csv);
    if (problems.length)
      throw new ValidationError(`The file has ${problems.length} problem(s): nothing was applied`, problems);
    const changed = await this.deps.db.transaction((tx) => setPrices(tx, rows, auth.accountId, 'import'));
    return { rows: rows.length, changed };
  }
}
