import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { type DayRange, dayBounds } from '../../platform/db/day-range.js';
import { replySpendByCountry } from '../conversations/index.js';
import { campaignSpendByCountry, type SpendLine } from '../messages/index.js';
import { listPriceCard } from '../pricing/index.js';

/** Campaign messages and replies paid by credits in the window, summed by country and category. */
async function spendLines(db: Db, range: DayRange): Promise<SpendLine[]> {
  const { start, end } = await dayBounds(db, range);
  const filter = { businessId: range.businessId, from: start, to: end };
  const [campaigns, replies] = await Promise.all([
    campaignSpendByCountry(db, { ...filter, creditsOnly: true }),
    replySpendByCountry(db, filter),
  ]);
  const sum = new Map<string, SpendLine>();
  for (const line of [...campaigns, ...replies]) {
    const key = `${line.category}/${line.country ?? ''}`;
    const had = sum.get(key);
    sum.set(
      key,
      had
        ? {
            ...had,
            messages: had.messages + line.messages,
            credits: new Decimal(had.credits).plus(line.credits).toFixed(),
          }
        : line,
    );
  }
  return [...sum.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || (a.country ?? '').localeCompare(b.country ?? ''),
  );
}

/** What a business paid in credits, by recipient country and category (the analytics' cost). */
export async function businessSpend(db: Db, range: DayRange) {
  const lines = await spendLines(db, range);
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    items: lines.map((l) => ({
      country: l.country,
      category: l.category,
      messages: l.messages,
      credits: Number(l.credits),
    })),
    totalCredits: Number(lines.reduce((s, l) => s.plus(l.credits), new Decimal(0))),
  };
}

/**
 * Every business's revenue in credits by country and category, and its margin against the provider's cost
 * the rate card records now for that country (or the category's default row): null where no cost is recorded.
 */
export async function platformRevenue(db: Db, range: DayRange) {
  const [lines, card] = await Promise.all([spendLines(db, range), listPriceCard(db)]);
  const cost = new Map(card.map((r) => [`${r.category}/${r.countryCode}`, r.cost]));
  const costOf = (category: string, country: string | null) =>
    (country ? cost.get(`${category}/${country}`) : undefined) ?? cost.get(`${category}/*`) ?? null;
  let revenue = new Decimal(0);
  let costs = new Decimal(0);
  let costedRevenue = new Decimal(0);
  let uncosted = 0;
  const items = lines.map((l) => {
    const unit = costOf(l.category, l.country);
    const lineCost = unit === null ? null : new Decimal(unit).times(l.messages);
    revenue = revenue.plus(l.credits);
    if (lineCost) {
      costs = costs.plus(lineCost);
      costedRevenue = costedRevenue.plus(l.credits);
    } else uncosted += l.messages;
    return {
      country: l.country,
      category: l.category,
      messages: l.messages,
      revenue: Number(l.credits),
      unitCost: unit === null ? null : Number(unit),
      cost: lineCost === null ? null : lineCost.toNumber(),
      margin: lineCost === null ? null : new Decimal(l.credits).minus(lineCost).toNumber(),
    };
  });
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    items,
    totals: {
      messages: lines.reduce((n, l) => n + l.messages, 0),
      revenue: revenue.toNumber(),
      cost: costs.toNumber(),
      // Over the lines with a recorded cost only: a line without one has no margin to add.
      margin: costedRevenue.minus(costs).toNumber(),
      messagesWithoutCost: uncosted,
    },
  };
}
