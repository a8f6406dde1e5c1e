import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import {
  countAudience,
  countAudienceByCountry,
  countSegment,
  countSegmentByCountry,
  fillContactCountries,
  segmentCondition,
} from '../contacts/index.js';
import { countRetargetAudience, countRetargetAudienceByCountry } from '../messages/index.js';
import { findActiveUserPlan } from '../plans/index.js';
import { categoryCard, priceByCountry } from '../pricing/index.js';
import { getAppSettings } from '../settings/index.js';
import { findWallet } from '../wallet/index.js';
import { isSegmentAudience } from './campaign-audience.js';
import { RATE_FIELD } from './campaign-billing.js';
import { messageTypeToPublish } from './campaign-category.js';
import { paymentMethodFor } from './campaign-publisher.js';
import type { EstimateInput } from './campaigns.schemas.js';

/** The currency `pricePerCredit` is quoted in (the app settings' unit). */
export const COST_CURRENCY = 'USD';

/**
 * What publishing this audience would cost now, with the rules the publish bills by: recipients x the rate
 * of the message type (its templates' category when it names templates, as the publish decides it), from the wallet at the app-settings rate (`credit`) or from the active plan at the
 * plan's rate (`plan`). Read-only and unlocked: a preview, not a promise (the publish recounts and bills in
 * its own transaction). By credits the audience is read by country and priced
 * by the rate card as it is now (one scan of the audience's contacts); a plan's is counted from kept counts.
 */
export async function estimateCampaign(db: Db, businessId: string, input: EstimateInput) {
  const messageType = await messageTypeToPublish(db, businessId, input);
  // A plan that does not cover the category: the publish would charge credits, so the estimate does.
  const paymentMethod = await paymentMethodFor(db, businessId, input.paymentMethod, messageType);
  const byCredit = paymentMethod === 'credit';
  const [counted, settings, wallet, active] = await Promise.all([
    // Credits are priced by country, so the audience is read by country; a plan counts messages only.
    byCredit ? audienceByCountry(db, businessId, input) : planAudience(db, businessId, input),
    getAppSettings(db),
    findWallet(db, businessId),
    findActiveUserPlan(db, businessId),
  ]);
  const recipients = counted.reduce((n, c) => n + c.recipients, 0);
  const card = byCredit ? await categoryCard(db, messageType) : null;
  const priced = card
    ? priceByCountry(
        card,
        counted.map((c) => ({ country: c.country, messages: c.recipients })),
      )
    : null;
  const field = RATE_FIELD[messageType];
  const rate = card ? card['*']! : (active?.plan[field] ?? null);
  const credits = priced
    ? new Decimal(priced.total)
    : rate === null
      ? new Decimal(0)
      : new Decimal(rate).times(recipients);
  const balance = new Decimal(wallet?.balance ?? 0);
  const planBalance = active ? new Decimal(active.userPlan.balance) : null;
  const available = byCredit ? balance : planBalance;
  // Without a rate (no active plan) there is nothing that could pay.
  const enough = rate === null || available === null ? false : available.gte(credits);
  return {
    recipients,
    // A segment is evaluated again when the campaign goes out: this count is of now.
    evaluatedNow: isSegmentAudience(input.audience),
    messageType,
    paymentMethod,
    /** The plan was chosen and does not cover the category: credits pay it. */
    planDoesNotCover: paymentMethod !== input.paymentMethod,
    rate: rate === null ? null : Number(rate),
    breakdown:
      priced?.lines.map((l) => ({
        country: l.country,
        recipients: l.messages,
        price: Number(l.price),
        subtotal: Number(l.subtotal),
      })) ?? null,
    credits: credits.toNumber(),
    cost: credits.times(settings.pricePerCredit).toDecimalPlaces(4).toNumber(),
    currency: COST_CURRENCY,
    balance: balance.toNumber(),
    planBalance: planBalance?.toNumber() ?? null,
    enough,
  };
}

type Counted = { country: string | null; recipients: number }[];

async function audienceByCountry(db: Db, businessId: string, input: EstimateInput): Promise<Counted> {
  // Contacts not given their country yet (older rows the backfill has not reached) get it now, as the
  // publish would: else they would show at the default price.
  await fillContactCountries(db, businessId);
  const { audience } = input;
  if (isSegmentAudience(audience))
    return countSegmentByCountry(db, await segmentCondition(db, businessId, audience.segmentId));
  return audience
    ? countRetargetAudienceByCountry(db, businessId, { ...input, ...audience })
    : countAudienceByCountry(db, businessId, input);
}

/** A plan's estimate counts as before (kept counts when it can), as one line without a country. */
async function planAudience(db: Db, businessId: string, input: EstimateInput): Promise<Counted> {
  const { audience } = input;
  const recipients = isSegmentAudience(audience)
    ? (await countSegment(db, await segmentCondition(db, businessId, audience.segmentId))).optedIn
    : audience
      ? await countRetargetAudience(db, businessId, { ...input, ...audience })
      : await countAudience(db, businessId, input);
  return [{ country: null, recipients }];
}
