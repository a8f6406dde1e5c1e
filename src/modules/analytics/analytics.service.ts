import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import { type DayRange, dayBounds } from '../../platform/db/day-range.js';
import { ForbiddenError } from '../../platform/http/errors.js';
import { newBusinessesByDay } from '../business/index.js';
import { campaignsSentOutBetween } from '../campaigns/index.js';
import { optActivityByDay } from '../contacts/index.js';
import {
  ACTIVITY_KINDS,
  type ActivityCounts,
  countersOfCampaigns,
  messageActivityByDay,
  recordOf,
} from '../messages/index.js';
import { creditsSoldByDay, creditsSpentByDay } from '../wallet/index.js';
import type { OverviewQuery } from './analytics.schemas.js';
import { daysOf, overviewRange } from './overview-range.js';

/** Campaigns sent out in a window that compete for the top five; beyond, the newest are ranked. */
const RANKED_CAMPAIGNS = 5_000;
const TOP = 5;

type Counts = ActivityCounts & {
  optIns: number;
  optOuts: number;
  creditsSpent: number;
};

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Sums per-day rows (by `day`) into a map of the range's days, adding `pick`'s fields. */
function into<T extends { day: string }, K extends string>(
  days: Map<string, Record<K, number>>,
  rows: T[],
  pick: (row: T) => Partial<Record<K, number>>,
) {
  for (const row of rows) {
    const target = days.get(row.day);
    if (!target) continue;
    for (const [k, v] of Object.entries(pick(row)) as [K, number][]) target[k] += v;
  }
}

/**
 * The activity charts of one business (or, for admins, all of them): every figure comes from counts other
 * modules keep as things happen (message activity per minute, opt-ins per quarter hour, ledger rows, the
 * campaign counters), read through their exported functions. The window is cut into days of the caller's
 * time zone.
 */
export class AnalyticsService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  overview(auth: AuthContext, q: OverviewQuery) {
    if (!auth.businessId) throw new ForbiddenError('This account has no business profile');
    return this.build(overviewRange(q, auth.businessId));
  }

  async adminOverview(q: OverviewQuery) {
    const range = overviewRange(q, null);
    const [base, signUps, sold] = await Promise.all([
      this.build(range),
      newBusinessesByDay(this.deps.db, range),
      creditsSoldByDay(this.deps.db, range),
    ]);
    const extra = new Map(base.days.map((d) => [d.day, { newBusinesses: 0, creditsSold: 0 }]));
    into(extra, signUps, (r) => ({ newBusinesses: r.count }));
    into(extra, sold, (r) => ({ creditsSold: r.credits }));
    const days = base.days.map((d) => ({ ...d, ...extra.get(d.day)! }));
    const totals = {
      ...base.totals,
      newBusinesses: days.reduce((s, d) => s + d.newBusinesses, 0),
      creditsSold: round4(days.reduce((s, d) => s + d.creditsSold, 0)),
    };
    return { ...base, days, totals };
  }

  private async build(range: DayRange) {
    const db = this.deps.db;
    const { start, end } = await dayBounds(db, range);
    const [messages, opts, credits, top] = await Promise.all([
      messageActivityByDay(db, {
        businessId: range.businessId,
        from: start,
        to: end,
        timeZone: range.timeZone,
      }),
      optActivityByDay(db, range),
      creditsSpentByDay(db, range),
      this.topCampaigns(range.businessId, start, end),
    ]);
    const zero = (): Counts => ({
      ...recordOf(ACTIVITY_KINDS, () => 0),
      optIns: 0,
      optOuts: 0,
      creditsSpent: 0,
    });
    const byDay = new Map(daysOf(range.from, range.to).map((day) => [day, zero()]));
    into(byDay, messages, (r) => recordOf(ACTIVITY_KINDS, (k) => r[k]));
    into(byDay, opts, (r) => ({ optIns: r.optIns, optOuts: r.optOuts }));
    into(byDay, credits, (r) => ({ creditsSpent: r.credits }));
    const days = [...byDay].map(([day, c]) => ({ day, ...c, creditsSpent: round4(c.creditsSpent) }));
    const totals = zero();
    for (const d of days) for (const k of Object.keys(totals) as (keyof Counts)[]) totals[k] += d[k];
    totals.creditsSpent = round4(totals.creditsSpent);
    return { from: range.from, to: range.to, timeZone: range.timeZone, days, totals, topCampaigns: top };
  }

  /** The best read rates among campaigns sent out in the window; a campaign nobody received is not ranked. */
  private async topCampaigns(businessId: string | null, start: Date, end: Date) {
    const db = this.deps.db;
    const sent = await campaignsSentOutBetween(db, { businessId, start, end, limit: RANKED_CAMPAIGNS });
    if (!sent.length) return [];
    const counters = await countersOfCampaigns(
      db,
      sent.map((c) => c.id),
    );
    return sent
      .map((c) => {
        const k = counters.get(c.id);
        const delivered = k?.reached.delivered ?? 0;
        const read = k?.reached.read ?? 0;
        return {
          id: c.id,
          name: c.name,
          businessId: c.businessId,
          sentOutAt: c.sentOutAt,
          recipients: k?.recipients ?? 0,
          delivered,
          read,
          readRate: delivered ? round4(read / delivered) : 0,
        };
      })
      .filter((c) => c.delivered > 0)
      .sort((a, b) => b.readRate - a.readRate || b.read - a.read || (a.sentOutAt < b.sentOutAt ? 1 : -1))
      .slice(0, TOP);
  }
}
