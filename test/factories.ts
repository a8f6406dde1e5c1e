import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { insertAccountGraph } from '../src/modules/auth/registration.repository.js';
import { openSession } from '../src/modules/auth/sessions.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import type { MemberRole } from '../src/platform/auth/permissions.js';
import {
  type accounts,
  businesses,
  businessMembers,
  campaigns,
  contacts,
  plans,
  wallets,
} from '../src/platform/db/schema/index.js';
import type { CampaignState } from '../src/vocabulary/campaign-states.js';
import type { TestApp } from './harness.js';

export const DEFAULT_PASSWORD = 'Correct-Horse-9';
let defaultHash: Promise<string> | undefined;

export interface UserOptions {
  role?: (typeof accounts.$inferSelect)['role'];
  /** E-mail verified (default true). */
  verified?: boolean;
  businessVerified?: 'pending' | 'accepted' | 'rejected';
  affiliate?: { percentage?: number; referralCode?: string };
  referredBy?: string;
  email?: string;
  name?: string;
  countryCode?: string;
  /** Spendable credits put in the wallet (as a decimal string), recorded as an admin adjustment. */
  credits?: string;
}

export interface TestUser {
  accountId: string;
  businessId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.test`;
}

function randomLetters(n: number): string {
  return Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

/**
 * An account with its business, wallet and settings, written straight to the database (no e-mails, no
 * rate limits), and a signed-in session. For tests of everything except sign-up itself.
 */
export async function createUser(t: TestApp, opts: UserOptions = {}): Promise<TestUser> {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const email = (opts.email ?? uniqueEmail(opts.role ?? 'business')).toLowerCase();
  const { account, business } = await t.db.transaction(async (tx) => {
    const graph = await insertAccountGraph(tx, {
      name: opts.name ?? 'Test User',
      email,
      whatsappNumber: '+2348031234567',
      passwordHash: await defaultHash!,
      role: opts.role ?? 'business',
      verified: opts.verified ?? true,
      referredBy: opts.referredBy ?? null,
      countryCode: opts.countryCode ?? null,
    });
    await tx
      .update(businesses)
      .set({
        companyName: `${opts.name ?? 'Test'} Ltd`,
        businessVerified: opts.businessVerified ?? 'pending',
        ...(opts.affiliate
          ? {
              type: 'affiliate',
              affiliatePercentage: opts.affiliate.percentage ?? 10,
              referralCode: opts.affiliate.referralCode ?? randomLetters(10),
            }
          : {}),
      })
      .where(eq(businesses.id, graph.business.id));
    return graph;
  });
  if (opts.credits) await grantCredits(t, business.id, opts.credits);
  const session = await openSession(t.db, t.deps.tokens, account.id);
  return {
    accountId: account.id,
    businessId: business.id,
    email,
    password: DEFAULT_PASSWORD,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    sessionId: session.sessionId,
  };
}

/** Credits a wallet through the ledger, so the ledger invariant holds in tests that start with a balance. */
/**
 * Another person (its own account and business) joined to `owner`'s business in `role`, signed in acting for
 * it: a member as the invitation flow leaves one, without the mail.
 */
export async function createMember(t: TestApp, owner: TestUser, role: Exclude<MemberRole, 'owner'>) {
  const person = await createUser(t, { name: `A ${role}` });
  await t.db
    .insert(businessMembers)
    .values({ businessId: owner.businessId, accountId: person.accountId, role });
  const session = await openSession(t.db, t.deps.tokens, person.accountId, owner.businessId);
  return { ...person, ...session, businessId: owner.businessId } satisfies TestUser;
}

export async function grantCredits(t: TestApp, businessId: string, credits: string): Promise<void> {
  const { postLedgerEntry } = await import('../src/modules/wallet/ledger.js');
  await t.db.transaction((tx) =>
    postLedgerEntry(tx, {
      businessId,
      kind: 'admin_adjustment',
      status: 'successful',
      amount: credits,
      currency: 'CREDIT',
      credits,
      balanceDelta: credits,
      description: 'Test credit grant',
    }),
  );
}

/**
 * Credits bought and paid for, as a settled checkout leaves them: the wallet holds the credits and the NGN
 * paid for them, which is what a referrer's commission on their use is worth.
 */
export async function buyCredits(
  t: TestApp,
  businessId: string,
  credits: string,
  paidNGN: string,
): Promise<void> {
  const { postLedgerEntry } = await import('../src/modules/wallet/ledger.js');
  await t.db.transaction((tx) =>
    postLedgerEntry(tx, {
      businessId,
      kind: 'credit_purchase',
      status: 'successful',
      amount: paidNGN,
      currency: 'NGN',
      credits,
      balanceDelta: credits,
      paidValueDelta: paidNGN,
      description: 'Test credit purchase',
    }),
  );
}

export async function walletOf(t: TestApp, businessId: string) {
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.businessId, businessId));
  return wallet!;
}

// A random start and a counter: drawing each number at random collides by the birthday bound
// (about one run in eight for 5,000 contacts); stepping from a random start never repeats in a process.
let nextPhone = Math.floor(Math.random() * 1e8);

/** A valid Nigerian mobile number in E.164, never the same twice in one test process. */
export function uniquePhone(): string {
  nextPhone = (nextPhone + 1) % 1e8;
  return `+23480${String(nextPhone).padStart(8, '0')}`;
}

export async function createContacts(
  t: TestApp,
  businessId: string,
  count: number,
  overrides: Partial<typeof contacts.$inferInsert> = {},
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    businessId,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    phoneNumber: uniquePhone(),
    optIn: true,
    tags: [] as string[],
    ...overrides,
  }));
  return t.db.insert(contacts).values(rows).onConflictDoNothing().returning();
}

/**
 * The state a campaign with these columns is in (as migration 0047 filled it), for a fixture that gives the
 * columns and not the state.
 */
export function campaignStateOf(c: Partial<typeof campaigns.$inferInsert>): CampaignState {
  if (!c.isPublished) return 'draft';
  if (!c.isSentOut) return 'scheduled';
  if (c.completedAt) return 'completed';
  if (c.stoppedAt) return 'stopped';
  return c.pausedAt ? 'paused' : 'sending';
}

export async function createCampaign(
  t: TestApp,
  businessId: string,
  overrides: Partial<typeof campaigns.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(campaigns)
    .values({
      businessId,
      name: `Campaign ${randomUUID().slice(0, 8)}`,
      message: 'Hello {{firstName}}',
      sendToAllContact: true,
      isScheduled: false,
      state: campaignStateOf(overrides),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createPlan(t: TestApp, overrides: Partial<typeof plans.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(plans)
    .values({
      name: `Plan ${randomUUID().slice(0, 8)}`,
      duration: 30,
      marketingRate: '0.8',
      utilityRate: '0.4',
      serviceRate: '0.2',
      authenticationRate: '0.4',
      freeCredit: 1000,
      price: 50,
      ...overrides,
    })
    .returning();
  return row!;
}

/** Stores messaging-provider credentials on a business, sealed as the business module does. */
export async function setMessagingCredentials(
  t: TestApp,
  businessId: string,
  creds: { userId?: string; password?: string; wabaNumber?: string } = {},
) {
  await t.db
    .update(businesses)
    .set({
      provider: 'gateway',
      providerHSMID: creds.userId ?? 'hsm-user',
      providerHSMPasswordEnc: t.deps.secretBox.seal(creds.password ?? 'hsm-password', businessId),
      wabaNumber: creds.wabaNumber ?? `23490${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    })
    .where(eq(businesses.id, businessId));
}

/** Sets (or replaces) a country's exchange rate: how many units of its currency one US dollar buys. */
export async function setExchangeRate(t: TestApp, countryCode: string, rate: string, currency = 'NGN') {
  const { upsertExchangeRate } = await import('../src/modules/exchange-rates/exchange-rates.repository.js');
  return upsertExchangeRate(t.db, { countryCode, currency, rate });
}

/** Affiliate earnings (NGN) credited through the ledger, as a campaign publish's commission would be. */
export async function grantEarnings(t: TestApp, businessId: string, amountNGN: string): Promise<void> {
  const { postLedgerEntry } = await import('../src/modules/wallet/ledger.js');
  await t.db.transaction((tx) =>
    postLedgerEntry(tx, {
      businessId,
      kind: 'affiliate_commission',
      status: 'successful',
      amount: amountNGN,
      currency: 'NGN',
      earningsDelta: amountNGN,
      description: 'Test commission',
    }),
  );
}
