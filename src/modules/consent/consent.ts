import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { signalDispatch } from '../../platform/dispatch-signal.js';
import { credentialsForSending } from '../business/index.js';
import { deliverLatestCampaign } from '../campaigns/index.js';
import { optInContact, optOutContact } from '../contacts/index.js';
import { cancelForOptOut, type Recipient, restoreHeldMessages } from '../messages/index.js';
import { alertIfCreditLow } from '../wallet/index.js';

/** The business a person wrote to. */
export interface ConsentBusiness {
  id: string;
  companyName: string | null;
}

/** The confirmation a person gets back, sent once the caller has recorded the event. */
export interface ConsentReply {
  businessId: string;
  to: string;
  text: string;
}

/**
 * What happens when a person opts in or out of a business's messages (START / STOP to its number): the
 * contact's consent, the messages it affects, delivering the latest campaign and billing it, the business's
 * notification and the confirmation to the person. Whoever received the request (the gateway's callback)
 * only authenticates and parses it, then hands it here.
 */
export class ConsentService {
  constructor(private readonly deps: AppDeps) {}

  /**
   * Opts the contact in (creating it if new), puts back messages an earlier opt-out cancelled in campaigns
   * still waiting for their time, and delivers the latest campaign sent out (billed once). Returns the
   * confirmation to send.
   */
  async optIn(
    business: ConsentBusiness,
    phone: string,
    name: string | null,
    log: Logger,
  ): Promise<ConsentReply> {
    const [firstName, ...rest] = (name ?? '').trim().split(/\s+/).filter(Boolean);
    const { contact, delivery } = await this.deps.db.transaction(async (tx) => {
      const contact = await optInContact(tx, business.id, phone, firstName ?? phone, rest.join(' '));
      await restoreHeldMessages(tx, business.id, contact.phoneNumber);
      const delivery = await deliverLatestCampaign(tx, log, business.id, contact);
      return { contact, delivery };
    });
    if (delivery.kind === 'queued') signalDispatch();
    if (delivery.kind === 'queued' && delivery.charge?.walletBefore && delivery.charge.walletAfter) {
      await alertIfCreditLow(
        { ...this.deps, logger: log },
        business.id,
        delivery.charge.walletBefore,
        delivery.charge.walletAfter,
      );
    }
    await this.notify(
      business.id,
      'contact.opted_in',
      'Contact opted in',
      `${label(contact, phone)} opted in to your messages.`,
      log,
    );
    return {
      businessId: business.id,
      to: phone,
      text: `You are now subscribed to messages from ${business.companyName ?? 'us'}. Reply STOP to unsubscribe.`,
    };
  }

  /** Opts the contact out and cancels its messages not yet handed to the provider (no refund). */
  async optOut(
    business: ConsentBusiness,
    phone: string,
    name: string | null,
    log: Logger,
  ): Promise<ConsentReply> {
    const contact = await this.deps.db.transaction(async (tx) => {
      const row = await optOutContact(tx, business.id, phone);
      await cancelForOptOut(tx, business.id, phone);
      return row ?? null;
    });
    const who = contact ? label(contact, phone) : (name ?? phone);
    await this.notify(
      business.id,
      'contact.opted_out',
      'Contact opted out',
      `${who} opted out of your messages.`,
      log,
    );
    return {
      businessId: business.id,
      to: phone,
      text: `You have been unsubscribed from ${business.companyName ?? 'our'} messages. Reply START to subscribe again.`,
    };
  }

  /** The confirmation is a reply in an open chat (no template); a failure is logged, never raised. */
  async confirm(reply: ConsentReply, log: Logger): Promise<void> {
    try {
      const credentials = await credentialsForSending(this.deps, reply.businessId);
      if (!credentials) {
        log.warn({ businessId: reply.businessId }, 'opt-in/out confirmation not sent: no credentials');
        return;
      }
      await this.deps.messaging.send(credentials, { to: reply.to, text: reply.text });
    } catch (err) {
      log.warn({ err, businessId: reply.businessId }, 'opt-in/out confirmation not sent');
    }
  }

  private async notify(
    businessId: string,
    type: 'contact.opted_in' | 'contact.opted_out',
    title: string,
    message: string,
    log: Logger,
  ): Promise<void> {
    try {
      await this.deps.notifier.toBusiness(businessId, {
        type,
        title,
        message,
      });
    } catch (err) {
      log.warn({ err, businessId }, 'opt-in/out notification not created');
    }
  }
}

function label(contact: Recipient, phone: string): string {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return name && name !== phone ? `${name} (${phone})` : phone;
}
