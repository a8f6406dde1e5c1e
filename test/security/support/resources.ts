import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { publishInTransaction } from '../../../src/modules/campaigns/campaign-publisher.js';
import {
  accounts,
  apiKeys,
  automationRules,
  bankAccounts,
  businesses,
  businessMembers,
  campaignMessages,
  campaigns,
  contactFieldDefinitions,
  contacts,
  conversationMessages,
  conversations,
  exchangeRates,
  memberInvitations,
  notifications,
  plans,
  priceCard,
  segments,
  templates,
  ticketComments,
  tickets,
  transactions,
  uploadFiles,
  wallets,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../src/platform/db/schema/index.js';
import {
  createCampaign,
  createContacts,
  createPlan,
  createUser,
  grantCredits,
  setExchangeRate,
  type TestUser,
} from '../../factories.js';
import type { TestApp } from '../../harness.js';

/**
 * Something a path parameter names: how to create one owned by a business, and how to read it back from
 * the database (to prove a refused request left it untouched). One entry per kind of resource; the route
 * tables of test/security refer to these by name.
 */
export interface Resource {
  name: string;
  /** Creates the resource for `owner` and answers the path parameters naming it. */
  create(t: TestApp, owner: TestUser): Promise<Record<string, string>>;
  /** Everything stored about it (rows of every table it owns), for before/after comparisons. */
  read(t: TestApp, params: Record<string, string>): Promise<unknown>;
}

const byId = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;

export const campaign: Resource = {
  name: 'campaign',
  async create(t, owner) {
    return { id: (await createCampaign(t, owner.businessId)).id };
  },
  async read(t, { id }) {
    return {
      campaign: await byId(t.db.select().from(campaigns).where(eq(campaigns.id, id!))),
      messages: await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, id!)),
    };
  },
};

/** A campaign of `owner` to `contacts` new contacts, published with credits (nothing sends in these tests). */
async function publishedCampaign(
  t: TestApp,
  owner: TestUser,
  contacts: number,
  fields?: Parameters<typeof createCampaign>[2],
): Promise<{ id: string }> {
  await createContacts(t, owner.businessId, contacts);
  await grantCredits(t, owner.businessId, '10');
  const draft = await createCampaign(t, owner.businessId, fields);
  await t.db.transaction((tx) =>
    publishInTransaction(tx, {
      businessId: owner.businessId,
      campaignId: draft.id,
      paymentMethod: 'credit',
      requireCredentials: false,
    }),
  );
  return { id: draft.id };
}

/** A campaign published for later, paid with credits: what `POST /campaigns/{id}/cancel` acts on. */
export const scheduledCampaign: Resource = {
  name: 'scheduled campaign',
  async create(t, owner) {
    return publishedCampaign(t, owner, 1, {
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
  },
  read: campaign.read,
};

/** An A/B campaign sent out, its winner not chosen yet. */
export const abCampaign: Resource = {
  name: 'A/B campaign',
  async create(t, owner) {
    return publishedCampaign(t, owner, 2, {
      variants: [
        { name: 'A', message: 'a' },
        { name: 'B', message: 'b' },
      ],
      abTest: { testShare: 0.5, metric: 'readRate', decideAfterMinutes: 60 },
    });
  },
  read: campaign.read,
};

/** A campaign published to go at once (being delivered: nothing sends in these tests). */
export const deliveringCampaign: Resource = {
  name: 'delivering campaign',
  async create(t, owner) {
    return publishedCampaign(t, owner, 1);
  },
  read: campaign.read,
};

/** A campaign being delivered that its business paused: what `POST /campaigns/{id}/resume` acts on. */
export const pausedCampaign: Resource = {
  name: 'paused campaign',
  async create(t, owner) {
    const { id } = await deliveringCampaign.create(t, owner);
    await t.db
      .update(campaigns)
      .set({ pausedAt: new Date(), pauseReason: 'Paused by the business', state: 'paused' })
      .where(eq(campaigns.id, id!));
    return { id: id! };
  },
  read: campaign.read,
};

export const notification: Resource = {
  name: 'notification',
  async create(t, owner) {
    const [row] = await t.db
      .insert(notifications)
      .values({
        type: 'ticket.updated',
        title: 'For the owner only',
        message: `Private ${randomUUID()}`,
        receiverId: owner.businessId,
        receiverType: 'business',
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) => byId(t.db.select().from(notifications).where(eq(notifications.id, id!))),
};

/** A gateway business's template (declared approved; deleting it asks no provider). */
export const template: Resource = {
  name: 'template',
  async create(t, owner) {
    const [row] = await t.db
      .insert(templates)
      .values({
        businessId: owner.businessId,
        name: `private_${randomUUID().slice(0, 8)}`,
        language: 'en_US',
        category: 'MARKETING',
        status: 'APPROVED',
        provider: 'gateway',
        components: [{ type: 'BODY', text: 'Private text' }],
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) => byId(t.db.select().from(templates).where(eq(templates.id, id!))),
};

export const segment: Resource = {
  name: 'segment',
  async create(t, owner) {
    const [row] = await t.db
      .insert(segments)
      .values({
        businessId: owner.businessId,
        name: 'Private segment',
        filter: { match: 'all', conditions: [{ on: 'tag', op: 'has', value: 'private' }] },
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) => byId(t.db.select().from(segments).where(eq(segments.id, id!))),
};

export const contactField: Resource = {
  name: 'contactField',
  async create(t, owner) {
    const [row] = await t.db
      .insert(contactFieldDefinitions)
      .values({
        businessId: owner.businessId,
        key: `private_${randomUUID().slice(0, 8)}`,
        label: 'Private',
        type: 'text',
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) =>
    byId(t.db.select().from(contactFieldDefinitions).where(eq(contactFieldDefinitions.id, id!))),
};

export const ticket: Resource = {
  name: 'ticket',
  async create(t, owner) {
    const [row] = await t.db
      .insert(tickets)
      .values({
        businessId: owner.businessId,
        accountId: owner.accountId,
        issueType: 'bugReports',
        question: `Private question ${randomUUID()}`,
      })
      .returning();
    return { id: row!.id };
  },
  async read(t, { id }) {
    return {
      ticket: await byId(t.db.select().from(tickets).where(eq(tickets.id, id!))),
      comments: await t.db.select().from(ticketComments).where(eq(ticketComments.ticketId, id!)),
    };
  },
};

/** A file really stored (presigned PUT through the service's storage) and confirmed: a contacts CSV. */
export const upload: Resource = {
  name: 'upload',
  async create(t, owner) {
    const key = `${owner.businessId}/files/${randomUUID()}-private.csv`;
    const csv = 'firstName,lastName,phoneNumber\nPrivate,Owner,+2348031234567\n';
    const signed = await t.deps.storage.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024 });
    const put = await t.request({
      method: 'PUT',
      url: signed.uploadUrl.replace(/^https?:\/\/[^/]+/, ''),
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    if (put.status !== 200) throw new Error(`storing the upload fixture failed: ${put.status} ${put.text}`);
    const [row] = await t.db
      .insert(uploadFiles)
      .values({
        businessId: owner.businessId,
        url: signed.fileUrl,
        key,
        fileName: 'private.csv',
        size: String(csv.length),
        type: 'text/csv',
      })
      .returning();
    return { id: row!.id, url: row!.url };
  },
  read: (t, { id }) => byId(t.db.select().from(uploadFiles).where(eq(uploadFiles.id, id!))),
};

/** A contact, with every message ever queued to it (a foreign id in a campaign must never queue one). */
export const contact: Resource = {
  name: 'contact',
  async create(t, owner) {
    const [row] = await createContacts(t, owner.businessId, 1);
    return { id: row!.id };
  },
  async read(t, { id }) {
    const row = await byId(t.db.select().from(contacts).where(eq(contacts.id, id!)));
    const messages = row
      ? await t.db.select().from(campaignMessages).where(eq(campaignMessages.phoneNumber, row.phoneNumber))
      : [];
    return { contact: row, messages };
  },
};

/** An affiliate's payout account (a withdrawal names it by id). */
export const bankAccount: Resource = {
  name: 'bank account',
  async create(t, owner) {
    const [row] = await t.db
      .insert(bankAccounts)
      .values({
        businessId: owner.businessId,
        bankName: 'Sandbox Bank',
        accountNumber: String(Math.floor(Math.random() * 1e10)).padStart(10, '0'),
        accountName: 'Owner Only',
        code: '001',
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) => byId(t.db.select().from(bankAccounts).where(eq(bankAccounts.id, id!))),
};

/** A pending credit purchase (`POST /payments/verify` names it by reference). */
export const payment: Resource = {
  name: 'payment',
  async create(t, owner) {
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.businessId, owner.businessId));
    const [row] = await t.db
      .insert(transactions)
      .values({
        businessId: owner.businessId,
        walletId: wallet!.id,
        kind: 'credit_purchase',
        status: 'pending',
        reference: `credit-${randomUUID()}`,
        amount: '1000',
        currency: 'NGN',
        providerAmount: 100_000,
        credits: '50',
      })
      .returning();
    return { id: row!.id, reference: row!.reference };
  },
  read: (t, { id }) => byId(t.db.select().from(transactions).where(eq(transactions.id, id!))),
};

/** Global: plans belong to no business. The owner is ignored. */
export const plan: Resource = {
  name: 'plan',
  async create(t) {
    return { id: (await createPlan(t)).id };
  },
  read: (t, { id }) => byId(t.db.select().from(plans).where(eq(plans.id, id!))),
};

/** Global: one exchange rate per country. A country code of its own per call, so calls never collide. */
export const exchangeRate: Resource = {
  name: 'exchange rate',
  async create(t) {
    const code = nextCountry();
    await setExchangeRate(t, code, '123.45', 'XTS');
    return { code };
  },
  read: (t, { code }) => byId(t.db.select().from(exchangeRates).where(eq(exchangeRates.countryCode, code!))),
};

/** Global: a row of the rate card (a service price of a country of its own per call). */
export const priceRow: Resource = {
  name: 'price row',
  async create(t) {
    const country = PRICE_COUNTRIES[priceIndex++ % PRICE_COUNTRIES.length]!;
    await t.db
      .insert(priceCard)
      .values({ category: 'service', countryCode: country, price: '0.25' })
      .onConflictDoNothing();
    return { category: 'service', country };
  },
  read: (t, { country }) =>
    byId(
      t.db
        .select()
        .from(priceCard)
        .where(and(eq(priceCard.category, 'service'), eq(priceCard.countryCode, country!))),
    ),
};
const PRICE_COUNTRIES = ['DE', 'FR', 'IT', 'ES', 'PT', 'NL', 'BE', 'SE', 'NO', 'DK'];
let priceIndex = 0;

/** The owner's business itself (admin routes name businesses by id). */
export const business: Resource = {
  name: 'business',
  create: async (_t, owner) => ({ id: owner.businessId }),
  read: (t, { id }) => byId(t.db.select().from(businesses).where(eq(businesses.id, id!))),
};

/** The owner's account itself (admin routes name accounts by id). */
export const account: Resource = {
  name: 'account',
  create: async (_t, owner) => ({ id: owner.accountId }),
  read: (t, { id }) => byId(t.db.select().from(accounts).where(eq(accounts.id, id!))),
};

// ISO codes not used by any other test fixture; the rate is a test currency (XTS).
const COUNTRIES = ['KE', 'GH', 'ZA', 'EG', 'MA', 'TZ', 'UG', 'RW', 'SN', 'CI', 'CM', 'ET', 'ZM', 'BW', 'NA'];
let countryIndex = 0;
function nextCountry(): string {
  return COUNTRIES[countryIndex++ % COUNTRIES.length]!;
}

/** A conversation a number opened by writing a minute ago (its window open): what the inbox routes act on. */
export const conversation: Resource = {
  name: 'conversation',
  async create(t, owner) {
    const phone = `+23481${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const at = new Date(Date.now() - 60_000);
    const [row] = await t.db
      .insert(conversations)
      .values({
        businessId: owner.businessId,
        phoneNumber: phone,
        unreadCount: 1,
        lastMessageAt: at,
        lastInboundAt: at,
        lastMessageText: 'Do you deliver?',
      })
      .returning();
    await t.db.insert(conversationMessages).values({
      conversationId: row!.id,
      businessId: owner.businessId,
      direction: 'in',
      type: 'text',
      text: 'Do you deliver?',
      status: 'received',
      eventKey: randomUUID(),
      createdAt: at,
    });
    return { id: row!.id };
  },
  async read(t, { id }) {
    return {
      conversation: await byId(t.db.select().from(conversations).where(eq(conversations.id, id!))),
      messages: await t.db
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, id!)),
    };
  },
};

/** A member (an agent) of the owner's business: routes name it by its account id. */
export const member: Resource = {
  name: 'member',
  async create(t, owner) {
    const person = await createUser(t);
    await t.db
      .insert(businessMembers)
      .values({ businessId: owner.businessId, accountId: person.accountId, role: 'agent' });
    return { id: person.accountId };
  },
  read: (t, { id }) =>
    t.db
      .select()
      .from(businessMembers)
      .where(and(eq(businessMembers.accountId, id!), eq(businessMembers.role, 'agent'))),
};

/** A pending invitation of the owner's business. */
export const invitation: Resource = {
  name: 'invitation',
  async create(t, owner) {
    const [row] = await t.db
      .insert(memberInvitations)
      .values({
        businessId: owner.businessId,
        email: `invited.${randomUUID()}@example.test`,
        role: 'agent',
        invitedBy: owner.accountId,
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) => byId(t.db.select().from(memberInvitations).where(eq(memberInvitations.id, id!))),
};

/** An API key of the owner's business (its secret is never needed: only managing it is tested). */
export const apiKey: Resource = {
  name: 'API key',
  async create(t, owner) {
    const [row] = await t.db
      .insert(apiKeys)
      .values({
        businessId: owner.businessId,
        name: 'Probe',
        prefix: randomUUID().replace(/-/g, '').slice(0, 10),
        secretHash: randomUUID(),
        scopes: ['contacts:read'],
        createdBy: owner.accountId,
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) => byId(t.db.select().from(apiKeys).where(eq(apiKeys.id, id!))),
};

/** A webhook endpoint of the owner's business (its secret sealed for it, as the service stores one). */
export const webhookEndpoint: Resource = {
  name: 'webhook endpoint',
  async create(t, owner) {
    const id = randomUUID();
    await t.db.insert(webhookEndpoints).values({
      id,
      businessId: owner.businessId,
      url: 'https://93.184.215.14/hook',
      eventTypes: ['message.sent'],
      secret: t.deps.secretBox.seal('whsec_cHJvYmU=', id),
    });
    return { id };
  },
  read: (t, { id }) => byId(t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id!))),
};

/** A delivery of such an endpoint, failed (so it may be replayed). */
export const webhookDelivery: Resource = {
  name: 'webhook delivery',
  async create(t, owner) {
    const { id } = await webhookEndpoint.create(t, owner);
    const deliveryId = `msg_${randomUUID().replace(/-/g, '')}`;
    await t.db.insert(webhookDeliveries).values({
      id: deliveryId,
      endpointId: id!,
      businessId: owner.businessId,
      eventType: 'message.sent',
      payload: { type: 'message.sent', timestamp: new Date().toISOString(), data: {} },
      status: 'failed',
    });
    return { id: id!, deliveryId };
  },
  read: (t, { deliveryId }) =>
    byId(t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!))),
};

export const automationRule: Resource = {
  name: 'automation rule',
  async create(t, owner) {
    const [row] = await t.db
      .insert(automationRules)
      .values({
        businessId: owner.businessId,
        name: 'Probe',
        trigger: 'keyword',
        matchMode: 'contains',
        pattern: 'price',
        reply: { text: 'Our prices' },
      })
      .returning();
    return { id: row!.id };
  },
  read: (t, { id }) => byId(t.db.select().from(automationRules).where(eq(automationRules.id, id!))),
};
