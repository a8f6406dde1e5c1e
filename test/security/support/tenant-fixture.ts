import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  auditLog,
  bankAccounts,
  conversations,
  notificationSettings,
  transactions,
  userPlans,
  wallets,
} from '../../../src/platform/db/schema/index.js';
import {
  createCampaign,
  createContacts,
  createPlan,
  createUser,
  grantEarnings,
  setMessagingCredentials,
  type TestUser,
} from '../../factories.js';
import type { TestApp } from '../../harness.js';
import { conversation, notification, template, ticket, upload } from './resources.js';

/**
 * One business with something of every kind a tenant owns, each carrying values no other tenant has
 * (ids, names, numbers): the markers. Another tenant's answers must contain none of them.
 */
export interface Tenant {
  user: TestUser;
  /** Marker strings by kind of item (`campaign`: its ids and names, ...). */
  markers: Record<string, string[]>;
  /** Strings a `search` query could match (names, questions). */
  searchable: string[];
  campaigns: number;
  earnedNGN: number;
}

export async function seedTenant(
  t: TestApp,
  label: string,
  campaignCount: number,
  earnedNGN: number,
): Promise<Tenant> {
  const tag = `${label}${randomBytes(4).toString('hex')}`;
  const user = await createUser(t, {
    businessVerified: 'accepted',
    affiliate: {},
    credits: '500',
    name: `Owner ${tag}`,
  });
  const b = user.businessId;
  const markers: Record<string, string[]> = {
    account: [user.accountId, user.email],
    business: [b],
  };

  const names = Array.from({ length: campaignCount }, (_, i) => `Campaign ${tag} ${i}`);
  markers.campaign = [];
  for (const name of names) markers.campaign.push((await createCampaign(t, b, { name })).id, name);

  const contacts = await createContacts(t, b, 2, { firstName: `Contact${tag}` });
  markers.contact = contacts.flatMap((c) => [c.id, c.phoneNumber]);

  markers.notification = [(await notification.create(t, user)).id!];
  markers.ticket = [(await ticket.create(t, user)).id!];
  markers.template = [(await template.create(t, user)).id!];
  markers.upload = [(await upload.create(t, user)).id!];
  const { id: conversationId } = await conversation.create(t, user);
  const [opened] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId!));
  markers.conversation = [conversationId!, opened!.phoneNumber];

  const wabaNumber = `23490${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await setMessagingCredentials(t, b, { wabaNumber });
  markers.wabaNumber = [wabaNumber];

  const [audit] = await t.db
    .insert(auditLog)
    .values({ businessId: b, action: 'member.invited', targetType: 'invitation', targetId: `audit-${tag}` })
    .returning();
  markers.audit = [audit!.id, `audit-${tag}`];

  const settingKey = `marker_${tag}`;
  await t.db.insert(notificationSettings).values({ businessId: b, key: settingKey, value: 'true' });
  markers.setting = [settingKey];

  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.businessId, b));
  markers.wallet = [wallet!.id];
  const [grant] = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.businessId, b), eq(transactions.kind, 'admin_adjustment')));
  markers.creditGrant = [grant!.id];

  await grantEarnings(t, b, String(earnedNGN));
  const [commission] = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.businessId, b), eq(transactions.kind, 'affiliate_commission')))
    .orderBy(desc(transactions.createdAt));
  markers.commission = [commission!.id];

  const plan = await createPlan(t);
  const [userPlan] = await t.db
    .insert(userPlans)
    .values({
      businessId: b,
      planId: plan.id,
      freeCredit: plan.freeCredit,
      balance: '10',
      expiredDate: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  markers.userPlan = [userPlan!.id];

  const accountNumber = String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
  const [bank] = await t.db
    .insert(bankAccounts)
    .values({
      businessId: b,
      bankName: 'Test Bank',
      accountNumber,
      accountName: `Holder ${tag}`,
      code: '058',
    })
    .returning();
  markers.bankAccount = [bank!.id, accountNumber];

  const referred = await createUser(t, { referredBy: b, name: `Referred ${tag}` });
  markers.referral = [referred.businessId, `Referred ${tag}`];

  return {
    user,
    markers,
    searchable: [names[0]!, `Contact${tag}`, `Holder ${tag}`, user.email],
    campaigns: campaignCount,
    earnedNGN,
  };
}

/** Every marker of a tenant, for "none of these may appear" checks. */
export function allMarkers(tenant: Tenant): string[] {
  return Object.values(tenant.markers).flat();
}
