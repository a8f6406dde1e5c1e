import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { campaignOptOutCount } from '../contacts/index.js';
import { linkReport } from '../links/index.js';
import {
  campaignCounters,
  campaignFailureReasons,
  campaignPricingCounts,
  campaignSpendByCountry,
  campaignTimeline,
  MESSAGE_STATES,
  recordOf,
} from '../messages/index.js';
import type { CampaignRow } from './campaigns.repository.js';

/** Bucket sizes a timeline may use, smallest first; the first that fits the campaign's age is taken. */
const BUCKETS_SECONDS = [60, 300, 900, 3_600, 10_800, 21_600, 86_400, 604_800];
/** About as many bars as a chart can show side by side. */
export const TIMELINE_MAX_BUCKETS = 120;

/** The smallest bucket that covers `ageSeconds` in at most TIMELINE_MAX_BUCKETS buckets. */
export function bucketFor(ageSeconds: number): number {
  for (const size of BUCKETS_SECONDS) if (ageSeconds / size <= TIMELINE_MAX_BUCKETS) return size;
  // Older than ~2 years: whole weeks, as many as needed to stay within the limit.
  return Math.ceil(ageSeconds / TIMELINE_MAX_BUCKETS / 604_800) * 604_800;
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/**
 * A campaign's results, from counts kept as messages change (campaign counters, failure reasons, minute
 * activity, opt-outs): a handful of primary-key reads whatever the number of recipients. `deliveryRate` is
 * delivered / accepted by the gateway, `readRate` read / delivered, `clickRate` clicked / delivered (a message
 * clicked without a delivery report still counts as clicked). The timeline runs from the send-out to
 * now, in buckets sized to the campaign's age.
 */
export async function campaignReport(db: Db, campaign: CampaignRow, now = new Date()) {
  const start = campaign.sentOutAt;
  const bucketSeconds = start ? bucketFor(Math.max(1, (now.getTime() - start.getTime()) / 1000)) : null;
  const [counters, failureReasons, optOuts, timeline, links, pricing, spend] = await Promise.all([
    campaignCounters(db, campaign.id),
    campaignFailureReasons(db, campaign.id),
    campaignOptOutCount(db, campaign.id),
    start && bucketSeconds ? campaignTimeline(db, campaign.id, { from: start, to: now, bucketSeconds }) : [],
    linkReport(db, campaign.id),
    campaignPricingCounts(db, campaign.id),
    campaign.isPublished ? campaignSpendByCountry(db, { campaignId: campaign.id }) : [],
  ]);
  const { reached } = counters;
  return {
    campaignId: campaign.id,
    name: campaign.name,
    sentOutAt: campaign.sentOutAt?.toISOString() ?? null,
    completedAt: campaign.completedAt?.toISOString() ?? null,
    recipients: counters.recipients,
    states: recordOf(MESSAGE_STATES, (s) => counters[s]),
    pending: counters.pending,
    reached,
    deliveryRate: rate(reached.delivered, reached.sent),
    readRate: rate(reached.read, reached.delivered),
    clickRate: rate(reached.clicked, reached.delivered),
    trackClicks: campaign.trackClicks,
    links,
    failureReasons,
    optOuts,
    pricing,
    cost: campaign.cost === null ? null : Number(campaign.cost),
    rate: campaign.rate === null ? null : Number(campaign.rate),
    paymentMethod: campaign.paymentMethod,
    // Every message of a campaign has one price per country: the cost over the count.
    costByCountry: spend
      .filter((l) => l.messages > 0)
      .map((l) => ({
        country: l.country,
        category: l.category,
        messages: l.messages,
        price: new Decimal(l.credits).div(l.messages).toDecimalPlaces(4).toNumber(),
        cost: Number(l.credits),
      })),
    timeline: { bucketSeconds, buckets: timeline },
  };
}
