import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { signalDispatch } from '../../platform/dispatch-signal.js';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../platform/http/errors.js';
import { type CampaignState, campaignStatusOf } from '../../vocabulary/campaign-states.js';
import { providerOfBusiness } from '../business/index.js';
import { fillContactCountries, segmentCondition } from '../contacts/index.js';
import { countMessagesByCountry, queueRecipients } from '../messages/index.js';
import { findActiveUserPlan, planCovers } from '../plans/index.js';
import { categoryCard } from '../pricing/index.js';
import { findTemplateOfBusiness, parameterProblems, type TemplateParameters } from '../templates/index.js';
import { alertIfCreditLow, InsufficientFundsError } from '../wallet/index.js';
import { splitIfTested, type Variant } from './ab-test.js';
import {
  type Charge,
  chargeCampaign,
  creditReferrerCommission,
  type MessageType,
  type PaymentMethod,
} from './campaign-billing.js';
import { messageTypeToPublish } from './campaign-category.js';
import { pauseIfQualityLow } from './campaign-controls.js';
import { notifyCampaignSent } from './campaign-notices.js';
import { campaignChanged } from './campaign-webhooks.js';
import {
  type CampaignRow,
  findBusinessForCampaigns,
  lockCampaign,
  markPublished,
} from './campaigns.repository.js';

/** A scheduled time this close to now counts as "now": the request took time to arrive. */
export const SCHEDULE_GRACE_MS = 60_000;

export function checkSchedule(isScheduled: boolean, scheduledAt: Date | null, now = new Date()): void {
  if (!isScheduled) return;
  if (!scheduledAt)
    throw ValidationError.field('scheduledAt', 'scheduledAt is required when isScheduled is true');
  if (scheduledAt.getTime() < now.getTime() - SCHEDULE_GRACE_MS) {
    throw ValidationError.field('scheduledAt', 'scheduledAt must be now or in the future (UTC)');
  }
}

export interface Published {
  campaign: CampaignRow;
  charge: Charge;
  paymentMethod: PaymentMethod;
}

/**
 * Publishes a draft inside the caller's transaction, all or nothing: lock the campaign, check it
 * is still a draft, queue one message per recipient (held until due when scheduled), bill exactly that
 * many, credit the referrer, mark it published. The row lock makes concurrent publishes of one draft
 * queue up behind the first, which then finds it published: one bill, one set of messages.
 */
export async function publishInTransaction(
  tx: Db,
  args: { businessId: string; campaignId: string; paymentMethod: PaymentMethod; requireCredentials: boolean },
): Promise<Published> {
  const draft = await lockCampaign(tx, args.businessId, args.campaignId);
  if (!draft) throw new NotFoundError('Campaign');
  if (draft.state !== 'draft') throw alreadyPublished(draft.state);
  checkSchedule(draft.isScheduled, draft.scheduledAt);
  const business = await findBusinessForCampaigns(tx, args.businessId);
  if (!business) throw new NotFoundError('Business');
  // Billing a campaign the gateway will refuse to send is worse than refusing to publish it.
  if (args.requireCredentials && !business.hasCredentials) {
    throw new BusinessRuleError('Save your messaging provider credentials before publishing a campaign');
  }

  await checkTemplateRules(tx, draft);
  // What is sent decides the price (and later the pause rule), whatever the draft declared.
  const messageType = await messageTypeToPublish(tx, args.businessId, draft);

  const paymentMethod = await paymentMethodFor(tx, args.businessId, args.paymentMethod, messageType);
  const switched = paymentMethod !== args.paymentMethod;
  args = { ...args, paymentMethod };

  const immediate = !draft.isScheduled;
  const segment = draft.audienceSegmentId
    ? await segmentCondition(tx, args.businessId, draft.audienceSegmentId)
    : undefined;
  // Credits by the card as it is now (a change applies to campaigns published after it); plans by message.
  const prices = args.paymentMethod === 'credit' ? await categoryCard(tx, messageType) : null;
  // Charge on delivery (the business's setting, kept on the campaign as at publish): credits only.
  const chargeOnDelivery = args.paymentMethod === 'credit' && business.chargeOnDelivery;
  if (segment && !immediate) {
    // A scheduled campaign to a segment reaches whoever matches at its time: it is queued and billed then
    // (sendOutSegmentCampaign), by the card kept now; publishing it fixes its content, price type and payment.
    const published = await markPublished(tx, draft.id, 'scheduled', {
      paymentMethod: args.paymentMethod,
      messageType,
      publishedAt: new Date(),
      isSentOut: false,
      recipientCount: 0,
      prices,
      chargeOnDelivery,
    });
    if (!published) throw alreadyPublished('scheduled');
    const campaign = await pauseIfQualityLow(tx, published, messageType);
    return { campaign, charge: { rate: '0', cost: '0', paidValue: '0' }, paymentMethod: args.paymentMethod };
  }
  // Each message keeps its recipient's country, which prices it: contacts without one yet get it first.
  await fillContactCountries(tx, args.businessId);
  const recipients = await queueRecipients(tx, draft, immediate ? 'queued' : 'held', segment);
  await splitIfTested(tx, draft);
  if (recipients === 0) {
    throw new BusinessRuleError('This campaign has no recipients: no opted-in contacts match it');
  }
  const charge = await chargeCampaign(tx, {
    businessId: args.businessId,
    campaignId: draft.id,
    campaignName: draft.name,
    messageType,
    paymentMethod: args.paymentMethod,
    recipients,
    card: prices ? { prices, byCountry: await countMessagesByCountry(tx, draft.id) } : undefined,
    hold: chargeOnDelivery,
  }).catch((err) => {
    if (switched && err instanceof InsufficientFundsError)
      throw new InsufficientFundsError(notCovered(messageType));
    throw err;
  });
  await creditReferrerCommission(tx, {
    businessId: args.businessId,
    referredBy: business.referredBy,
    campaignId: draft.id,
    cost: charge.cost,
    paidValue: charge.paidValue,
    held: !immediate,
  });
  const now = new Date();
  const published = await markPublished(tx, draft.id, immediate ? 'sending' : 'scheduled', {
    paymentMethod: args.paymentMethod,
    messageType,
    publishedAt: now,
    isSentOut: immediate,
    sentOutAt: immediate ? now : null,
    recipientCount: recipients,
    cost: charge.cost,
    rate: charge.rate,
    prices,
    chargeOnDelivery,
  });
  if (!published) throw alreadyPublished('scheduled');
  await campaignChanged(tx, published, immediate ? 'sending' : 'published', {
    scheduledAt: published.scheduledAt?.toISOString() ?? null,
    recipients,
  });
  const campaign = await pauseIfQualityLow(tx, published, messageType);
  return { campaign, charge, paymentMethod: args.paymentMethod };
}

/** The answer to publishing a campaign that is no longer a draft (400, as ever). */
const alreadyPublished = (state: CampaignState) =>
  new BusinessRuleError(
    campaignStatusOf(state) === 'scheduled' ? 'Campaign already published' : 'Campaign already sent',
  );

const notCovered = (category: string) =>
  `Your plan does not cover ${category} messages, so this campaign is paid by credits, and your credits are not enough: buy credits`;

/**
 * How a campaign of `messageType` is paid: by credits when the business chose them, or when its active plan
 * does not cover the category (docs/decisions/payments.md "A plan that does not cover a category?").
 */
export async function paymentMethodFor(
  db: Db,
  businessId: string,
  chosen: PaymentMethod,
  messageType: MessageType,
): Promise<PaymentMethod> {
  if (chosen === 'credit') return chosen;
  const active = await findActiveUserPlan(db, businessId);
  return active && !planCovers(active.plan, messageType) ? 'credit' : chosen;
}

/**
 * A Cloud API business sends campaigns only as templates; a campaign with a template needs it `APPROVED`,
 * of the business's current provider, with every variable mapped (400 naming what is missing). Each A/B
 * variant is checked the same way, its fields named under `variants.<i>`.
 */
async function checkTemplateRules(tx: Db, draft: CampaignRow): Promise<void> {
  const provider = await providerOfBusiness(tx, draft.businessId);
  await checkSentTemplate(tx, draft.businessId, provider, draft, { field: '', who: null });
  for (const [i, v] of ((draft.variants as Variant[] | null) ?? []).entries())
    await checkSentTemplate(tx, draft.businessId, provider, v, {
      field: `variants.${i}.`,
      who: `Variant ${v.name}`,
    });
}

async function checkSentTemplate(
  tx: Db,
  businessId: string,
  provider: Awaited<ReturnType<typeof providerOfBusiness>>,
  sent: { templateId?: string | null; templateParameters?: unknown },
  at: { field: string; who: string | null },
): Promise<void> {
  const field = `${at.field}templateId`;
  // The campaign's own template speaks as before; a variant's names the variant first.
  const say = (words: string) => (at.who ? `${at.who}: ${words[0]!.toLowerCase()}${words.slice(1)}` : words);
  if (!sent.templateId) {
    if (provider === 'whatsapp-cloud')
      throw ValidationError.field(
        field,
        say(
          'Templates are required for a business connected through the WhatsApp Cloud API: choose an approved template',
        ),
      );
    return;
  }
  const template = await findTemplateOfBusiness(tx, businessId, sent.templateId);
  if (!template) throw ValidationError.field(field, say('Template not found'));
  if (template.status !== 'APPROVED')
    throw ValidationError.field(
      field,
      say(`The template ${template.name} is ${template.status}: only an APPROVED template can be sent`),
    );
  if (template.provider !== provider)
    throw ValidationError.field(
      field,
      say(
        `The template ${template.name} belongs to the business's former provider: choose one made for the current one`,
      ),
    );
  const problems = parameterProblems(
    { ...template, components: template.components as { type: string }[] },
    (sent.templateParameters as TemplateParameters | null) ?? null,
  ).map((p) => ({ ...p, path: `${at.field}${p.path}` }));
  const first = problems[0];
  if (first) throw new ValidationError(say(`${first.path}: ${first.message}`), problems);
}

/** What follows a committed publish: the low-credit e-mail, the "sent" notification, the dispatcher's nudge. */
export async function afterPublish(
  deps: Pick<AppDeps, 'db' | 'mail' | 'logger' | 'realtime' | 'notifier'>,
  { campaign, charge }: Published,
): Promise<void> {
  if (charge.walletBefore && charge.walletAfter) {
    await alertIfCreditLow(deps, campaign.businessId, charge.walletBefore, charge.walletAfter);
  }
  if (campaign.state === 'scheduled') return;
  if (campaign.state === 'paused') {
    // Published into a pause (the number's quality): nothing goes out until the business resumes it.
    await deps.notifier.toBusiness(campaign.businessId, {
      type: 'campaign.paused',
      title: 'Campaign published, paused',
      message: `"${campaign.name}" is published and paused. ${campaign.pauseReason ?? ''} Resume it when you choose.`,
    });
    return;
  }
  signalDispatch();
  await notifyCampaignSent(deps, campaign);
}

/** Why a scheduled campaign to a segment could not go out at its time, in words for the business. */
export type NotSentReason = { reason: string };

/**
 * A scheduled campaign to a segment, at its time (in the release's transaction): the segment is evaluated
 * now, its opted-in contacts queued and billed as a publish bills them. When it cannot go out (nobody
 * matches, funds short, no plan) it returns why: the caller turns it back into a draft, since nothing was
 * queued or paid, and tells the business.
 */
export async function sendOutSegmentCampaign(tx: Db, campaignId: string): Promise<number | NotSentReason> {
  const [draft] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!draft?.audienceSegmentId || !draft.paymentMethod || !draft.messageType)
    return { reason: 'it has no audience segment or payment method any more' };
  try {
    // A savepoint: a refused charge undoes this campaign's queue, not the other campaigns of the release.
    return await tx.transaction(async (sp) => {
      const business = await findBusinessForCampaigns(sp, draft.businessId);
      const segment = await segmentCondition(sp, draft.businessId, draft.audienceSegmentId!);
      await fillContactCountries(sp, draft.businessId);
      const recipients = await queueRecipients(sp, draft, 'queued', segment);
      await splitIfTested(sp, draft);
      if (recipients === 0) throw new BusinessRuleError(NOBODY_MATCHES);
      // By the card kept when it was published, each message at its recipient's country's price.
      const prices = draft.paymentMethod === 'credit' ? draft.prices : null;
      const charge = await chargeCampaign(sp, {
        businessId: draft.businessId,
        campaignId: draft.id,
        campaignName: draft.name,
        messageType: draft.messageType as MessageType,
        paymentMethod: draft.paymentMethod as PaymentMethod,
        recipients,
        card: prices ? { prices, byCountry: await countMessagesByCountry(sp, draft.id) } : undefined,
        hold: draft.chargeOnDelivery,
      });
      await creditReferrerCommission(sp, {
        businessId: draft.businessId,
        referredBy: business?.referredBy ?? null,
        campaignId: draft.id,
        cost: charge.cost,
        paidValue: charge.paidValue,
        held: false,
      });
      await sp
        .update(campaigns)
        .set({ recipientCount: recipients, cost: charge.cost, rate: charge.rate, updatedAt: new Date() })
        .where(eq(campaigns.id, draft.id));
      return recipients;
    });
  } catch (err) {
    if (err instanceof BusinessRuleError || err instanceof ValidationError || err instanceof NotFoundError)
      return { reason: notSentReason(err, draft.paymentMethod) };
    throw err;
  }
}

const NOBODY_MATCHES = 'No opted-in contact matches the segment';

/** The refusal as a clause of "did not go out at its time: ...". */
function notSentReason(err: Error, paymentMethod: string): string {
  if (err.message === NOBODY_MATCHES) return 'no opted-in contact matched its segment then';
  if (err instanceof InsufficientFundsError)
    return paymentMethod === 'credit'
      ? 'your credits did not cover the contacts its segment matched then'
      : 'your plan had too few messages left for the contacts its segment matched then';
  if (err instanceof NotFoundError) return 'its segment was not found';
  return err.message.charAt(0).toLowerCase() + err.message.slice(1);
}
