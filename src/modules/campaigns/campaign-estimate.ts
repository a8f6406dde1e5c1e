import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { countAudience, countSegment, segmentCondition } from '../contacts/index.js';
import { countRetargetAudience } from '../messages/index.js';
import { findActiveUserPlan } from '../plans/index.js';
import { getAppSettings } from '../settings/index.js';
import { findWallet } from '../wallet/index.js';
import { isSegmentAudience } from './campaign-audience.js';
import { RATE_FIELD } from './campaign-billing.js';
import { messageTypeToPublish } from './campaign-category.js';
import type { EstimateInput } from './campaigns.schemas.js';

/** The currency `pricePerCredit` is quoted in (the app settings' unit). */
export const COST_CURRENCY = 'USD';

/**
 * What publishing this audience would cost now, with the rules the publish bills by: recipients x the rate
 * of the message type (its templates' category when it names templates, as the publish decides it), from the wallet at the app-settings rate (`credit`) or from the active plan at the
 * plan's rate (`plan`). Read-only and unlocked: a preview, not a promise (the publish recounts and bills in
 * its own transaction). The audience is counted from kept counts, so the price of a million contacts is as
 * quick to show as that of ten.
 */
export async function estimateCampaign(db: Db, businessId: string, input: EstimateInput) {
  const messageType = await messageTypeToPublish(db, businessId, input);
  const audience = input.audience;
  const [recipients, settings, wallet, active] = await Promise.all([
    isSegmentAudience(audience)
      ? segmentCondition(db, businessId, audience.segmentId)
          .then((where) => countSegment(db, where))
          .then((n) => n.optedIn)
      : audience
        ? countRetargetAudience(db, businessId, { ...input, ...audience })
        : countAudience(db, businessId, input),
    getAppSettings(db),
    findWallet(db, businessId),
    findActiveUserPlan(db, businessId),
  ]);
  const field = RATE_FIELD[messageType];
  const rate = input.paymentMethod === 'credit' ? settings[field] : (active?.plan[field] ?? null);
  const credits = rate === null ? new Decimal(0) : new Decimal(rate).times(recipients);
  const balance = new Decimal(wallet?.balance ?? 0);
  const planBalance = active ? new Decimal(active.userPlan.balance) : null;
  const available = input.paymentMethod === 'credit' ? balance : planBalance;
  // Without a rate (no active plan) there is nothing that could pay.
  const enough = rate === null || available === null ? false : available.gte(credits);
  return {
    recipients,
    // A segment is evaluated again when the campaign goes out: this count is of now.
    evaluatedNow: isSegmentAudience(audience),
    messageType,
    paymentMethod: input.paymentMethod,
    rate: rate === null ? null : Number(rate),
    credits: credits.toNumber(),
    cost: credits.times(settings.pricePerCredit).toDecimalPlaces(4).toNumber(),
    currency: COST_CURRENCY,
    balance: balance.toNumber(),
    planBalance: planBalance?.toNumber() ?? null,
    enough,
  };
}
