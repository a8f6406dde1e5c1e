import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { queryRows } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { signalDispatch } from '../../platform/dispatch-signal.js';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../platform/http/errors.js';
import { periodicJob } from '../../platform/periodic-job.js';
import { releaseRestWithWinner, splitForTest, variantCounts } from '../messages/index.js';
import { findTemplateOfBusiness, type TemplateParameters } from '../templates/index.js';

/** One variant of an A/B campaign: its own text, or its own template with its variables. */
export interface Variant {
  name: string;
  message?: string | null;
  templateId?: string | null;
  templateParameters?: TemplateParameters | null;
}

export const AB_METRICS = ['readRate', 'clickRate'] as const;
export type AbMetric = (typeof AB_METRICS)[number];

export interface AbTest {
  /** The share of the audience the variants are tested on (the rest gets the winner). */
  testShare: number;
  metric: AbMetric;
  decideAfterMinutes: number;
}

/** Variants and the test come together; each template a variant names must be the business's own. */
export async function checkAbTest(
  db: Db,
  businessId: string,
  variants: readonly Variant[] | null | undefined,
  abTest: AbTest | null | undefined,
): Promise<void> {
  if (!variants && !abTest) return;
  if (!variants) throw ValidationError.field('variants', 'Required with abTest');
  if (!abTest) throw ValidationError.field('abTest', 'Required with variants');
  for (const [i, v] of variants.entries()) {
    if (v.templateId && !(await findTemplateOfBusiness(db, businessId, v.templateId)))
      throw ValidationError.field(`variants.${i}.templateId`, 'Template not found');
  }
}

/** Splits a campaign's messages for its test, in the publish's transaction (nothing without a test). */
export async function splitIfTested(
  tx: Db,
  draft: { id: string; variants: unknown; abTest: unknown },
): Promise<void> {
  const variants = draft.variants as Variant[] | null;
  const test = draft.abTest as AbTest | null;
  if (!variants?.length || !test) return;
  await splitForTest(tx, draft.id, { variants: variants.length, testShare: test.testShare });
}

const rateOf = (part: number, whole: number) => (whole ? part / whole : 0);

/** The rule: the better rate of the chosen metric (over delivered messages) wins; a tie keeps the first. */
export function pickWinner(
  counts: readonly { delivered: number; read: number; clicked: number }[],
  metric: AbMetric,
): number {
  let best = 0;
  counts.forEach((c, i) => {
    const rate = (x: typeof c) => rateOf(metric === 'readRate' ? x.read : x.clicked, x.delivered);
    if (rate(c) > rate(counts[best]!)) best = i;
  });
  return best;
}

/**
 * Records the winner and sends the rest with it, once: the conditional UPDATE takes the campaign's row
 * lock, so of two processes deciding at once the second waits, then finds a winner and changes nothing.
 * Null when a winner was already chosen.
 */
export async function chooseWinner(
  db: Db,
  campaignId: string,
  winner: number,
  by: 'auto' | 'manual',
  now: Date,
): Promise<{ winner: number; released: number } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ abWinner: winner, abDecidedAt: now, abDecidedBy: by, updatedAt: now })
      .where(and(eq(campaigns.id, campaignId), isNull(campaigns.abWinner)))
      .returning({ id: campaigns.id });
    if (!row) return null;
    const released = await releaseRestWithWinner(tx, campaignId, winner);
    return { winner, released };
  });
}

/** The business picks the winner by hand (by the variant's name), before the rule does. */
export async function chooseWinnerByHand(
  db: Db,
  businessId: string,
  campaignId: string,
  name: string,
  now = new Date(),
) {
  const [campaign] = await db
    .select({ variants: campaigns.variants, abWinner: campaigns.abWinner, isSentOut: campaigns.isSentOut })
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), eq(campaigns.id, campaignId)));
  if (!campaign) throw new NotFoundError('Campaign');
  const variants = (campaign.variants as Variant[] | null) ?? [];
  if (!variants.length) throw new BusinessRuleError('This campaign has no A/B test');
  const index = variants.findIndex((v) => v.name === name);
  if (index < 0) throw ValidationError.field('variant', `No variant named ${name}`);
  if (!campaign.isSentOut)
    throw new BusinessRuleError('The test has not started: the campaign is not sent out');
  const chosen = await chooseWinner(db, campaignId, index, 'manual', now);
  if (!chosen) throw new BusinessRuleError('The winner was already chosen');
  signalDispatch();
  return chosen;
}

/**
 * The decision job's round: every test whose time is up gets its winner by the rule. `now` is the clock
 * (tests pass a fake one). Returns the campaigns decided by this process.
 */
export async function decideDueTests(db: Db, now: Date): Promise<{ campaignId: string; winner: number }[]> {
  const due = await queryRows<{ id: string; variants: unknown; ab_test: unknown }>(
    db,
    sql`SELECT id, variants, ab_test FROM campaigns
        WHERE ab_test IS NOT NULL AND ab_winner IS NULL AND is_sent_out
          AND sent_out_at + ((ab_test->>'decideAfterMinutes')::int * interval '1 minute') <= ${now.toISOString()}::timestamptz
        ORDER BY sent_out_at LIMIT 100`,
  );
  const decided: { campaignId: string; winner: number }[] = [];
  for (const c of due) {
    const variants = (typeof c.variants === 'string' ? JSON.parse(c.variants) : c.variants) as Variant[];
    const test = (typeof c.ab_test === 'string' ? JSON.parse(c.ab_test) : c.ab_test) as AbTest;
    const counts = await variantCounts(db, c.id, variants.length);
    const winner = pickWinner(counts, test.metric);
    if (await chooseWinner(db, c.id, winner, 'auto', now)) decided.push({ campaignId: c.id, winner });
  }
  if (decided.length) signalDispatch();
  return decided;
}

/** The worker's A/B decision job. */
export function startAbDecisions(deps: { db: Db; logger: Logger }, intervalMs: number) {
  return periodicJob('ab-decisions', intervalMs, async () => {
    try {
      const decided = await decideDueTests(deps.db, new Date());
      for (const d of decided) deps.logger.info(d, 'A/B test decided');
    } catch (err) {
      deps.logger.error({ err }, 'A/B decisions failed');
    }
  });
}

/** Each variant's funnel, rates and share of the bill, and the test's state. */
export async function variantsReport(
  db: Db,
  campaign: {
    id: string;
    variants: unknown;
    abTest: unknown;
    abWinner: number | null;
    abDecidedAt: Date | null;
    abDecidedBy: string | null;
    rate: string | null;
    sentOutAt: Date | null;
  },
) {
  const variants = (campaign.variants as Variant[] | null) ?? [];
  const test = campaign.abTest as AbTest | null;
  const counts = variants.length ? await variantCounts(db, campaign.id, variants.length) : [];
  const rate = campaign.rate === null ? 0 : Number(campaign.rate);
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    abTest: test,
    winner: campaign.abWinner === null ? null : (variants[campaign.abWinner]?.name ?? null),
    decidedAt: campaign.abDecidedAt?.toISOString() ?? null,
    decidedBy: (campaign.abDecidedBy as 'auto' | 'manual' | null) ?? null,
    decideAt:
      test && campaign.sentOutAt
        ? new Date(campaign.sentOutAt.getTime() + test.decideAfterMinutes * 60_000).toISOString()
        : null,
    variants: variants.map((v, i) => {
      const c = counts[i]!;
      return {
        name: v.name,
        message: v.message ?? null,
        templateId: v.templateId ?? null,
        ...c,
        readRate: round(rateOf(c.read, c.delivered)),
        clickRate: round(rateOf(c.clicked, c.delivered)),
        cost: round(c.recipients * rate),
      };
    }),
  };
}
