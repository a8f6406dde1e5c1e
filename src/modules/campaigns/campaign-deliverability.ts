import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../platform/db/client.js';
import { FAILURE_OUTCOMES, OUTCOME_WORDS } from '../../providers/messaging/cloud-errors.js';
import { failureGroupsOf, messagingLimitStatus, windowFreesAt } from '../messages/index.js';
import type { CampaignRow } from './campaigns.repository.js';

/**
 * What a campaign's page and report say about deliverability: whether it waits for the messaging limit and
 * until when, its failures grouped by what they call for, and what it was charged, refunded and net.
 */

export const waitingForLimitSchema = z
  .object({
    resumesAt: z.string().nullable().describe('When the messaging limit frees a place and sending goes on'),
    waiting: z.number().int().describe('Messages waiting for the limit'),
  })
  .nullable()
  .describe("Set while the campaign's queued messages wait for the business's messaging limit");

/** A campaign being delivered whose business has used up its limit: what waits and when it resumes. */
export async function waitingForLimit(db: Db, campaign: CampaignRow, queued: number, now = new Date()) {
  if (campaign.state !== 'sending' || queued === 0) return null;
  const limit = await messagingLimitStatus(db, campaign.businessId, now);
  if (limit.remaining === null || limit.remaining > 0) return null;
  return { resumesAt: limit.freesAt, waiting: queued };
}

export const limitEstimateSchema = z
  .object({
    dailyRecipients: z.number().int(),
    remaining: z.number().int().describe('New people the limit lets the business reach now'),
    sendsNow: z.number().int().describe('Recipients that go out at once'),
    later: z.number().int().describe('Recipients that wait for the limit'),
    resumesAt: z.string().nullable().describe('When the first of those waiting can go (ISO time)'),
  })
  .nullable()
  .describe('How the messaging limit splits the audience; null when the business has no limit');

/** How much of `recipients` goes out now under the business's limit, and when the rest starts. */
export async function limitEstimate(db: Db, businessId: string, recipients: number, now = new Date()) {
  const limit = await messagingLimitStatus(db, businessId, now);
  if (limit.dailyRecipients === null || limit.remaining === null) return null;
  const sendsNow = Math.min(recipients, limit.remaining);
  const later = recipients - sendsNow;
  const resumesAt = later > 0 ? await windowFreesAt(db, businessId, now, 1) : null;
  return {
    dailyRecipients: limit.dailyRecipients,
    remaining: limit.remaining,
    sendsNow,
    later,
    // Those sent now enter the window too: without an older place, the first frees a day after now.
    resumesAt: later > 0 ? (resumesAt ?? new Date(now.getTime() + 24 * 3600_000)).toISOString() : null,
  };
}

export const failureGroupSchema = z.object({
  outcome: z
    .enum([...FAILURE_OUTCOMES, 'cancelled'])
    .describe('What the failure calls for (docs/failure-outcomes.md)'),
  words: z.string().describe('The outcome in plain words'),
  count: z.number().int(),
  refunded: z.number().int().describe('Of them, messages whose charge was given back'),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});

export const moneySchema = z.object({
  charged: z.number().describe('Credits (or plan units) charged: the publish and any retries'),
  refunded: z.number().describe('Given back for messages that failed for good'),
  net: z.number().describe('charged - refunded'),
});

/** The failures grouped by outcome (opt-out cancellations, refunded nothing, as `cancelled`). */
export async function failureGroups(db: Db, campaignId: string) {
  const rows = await failureGroupsOf(db, campaignId);
  const groups = new Map<string, z.infer<typeof failureGroupSchema>>();
  for (const r of rows) {
    const outcome = r.outcome ?? 'cancelled';
    const group = groups.get(outcome) ?? {
      outcome,
      words: r.outcome ? OUTCOME_WORDS[r.outcome] : 'Cancelled: the person opted out before it was sent',
      count: 0,
      refunded: 0,
      reasons: [],
    };
    group.count += r.count;
    group.refunded += r.refunded;
    group.reasons.push({ reason: r.reason, count: r.count });
    groups.set(outcome, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** What the campaign cost: its debits, its refunds (cancel or failures) and the difference. */
export async function campaignMoney(db: Db, campaign: CampaignRow) {
  const [row] = await queryRows<{ charged: string; refunded: string }>(
    db,
    sql`SELECT coalesce(sum(credits) FILTER (WHERE kind IN ('campaign_credit_debit', 'campaign_plan_debit')), 0)::text AS charged,
               coalesce(sum(credits) FILTER (WHERE kind = 'campaign_refund'), 0)::text AS refunded
        FROM transactions
        WHERE business_id = ${campaign.businessId} AND campaign_id = ${campaign.id} AND status = 'successful'`,
  );
  const charged = new Decimal(row?.charged ?? 0);
  const refunded = new Decimal(row?.refunded ?? 0);
  return {
    charged: charged.toNumber(),
    refunded: refunded.toNumber(),
    net: charged.minus(refunded).toNumber(),
  };
}
