import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/client.js';
import { countAudience } from '../contacts/index.js';
import { countRetargetAudience } from '../messages/index.js';
import { findActiveUserPlan } from '../plans/index.js';
import { getAppSettings, MESSAGE_RATE_FIELD } from '../settings/index.js';
import { findWallet } from '../wallet/index.js';
import type { EstimateInput } from './campaigns.schemas.js';

// The settings' map, narrowed to what a campaign can be (a plan prices the same kinds).
const RATE_FIELD = {
  marketing: MESSAGE_RATE_FIELD.marketing,
  utility: MESSAGE_RATE_FIELD.utility,
  authentication: MESSAGE_RATE_FIELD.authentication,
} as const;

/** The currency `pricePerCredit` is quoted in (the app settings' unit). */
export const COST_CURRENCY = 'USD';

/**
 * What publishing this audience would cost now, with the rules the publish bills by: recipients x the rate
 * of the message type, from the wallet at the app-settings rate (`credit`) or from the active plan at the
 * plan's rate (`plan`). Read-only and unlocked: a preview, not a promise (the publish recounts and bills in
 * its own transaction). The audience is counted from kept counts, so the price of a million contacts is as
 * quick to show as that of ten.
 */
export async function estimateCampaign(db: Db, businessId: string, input: EstimateInput) {
  const [recipients, settings, wallet, active] = await Promise.all([
    input.audience
      ? countRetargetAudience(db, businessId, { ...input, ...input.audience })
      : countAudience(db, businessId, input),
    getAppSettings(db),
    findWallet(db, businessId),
    findActiveUserPlan(db, businessId),
  ]);
  const field = RATE_FIELD[input.messageType];
  const rate = input.paymentMethod === 'credit' ? settings[field] : (active?.plan[field] ?? null);
  const credits = rate === null ? new Decimal(0) : new Decimal(rate).times(recipients);
  const balance = new Decimal(wallet?.balance ?? 0);
  const planBalance = active ? new Decimal(active.userPlan.balance) : null;
  const available = input.paymentMethod === 'credit' ? balance : planBalance;
  // Without a rate (no active plan) there is nothing that could pay.
  const enough = rate === null || available === null ? false : available.gte(credits);
  return {
    recipients,
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
