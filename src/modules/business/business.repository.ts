import { and, eq, gt, ne, sql } from 'drizzle-orm';
import {
  type AuthContext,
  principalBusinessJoin,
  principalFields,
  principalMembershipJoin,
  principalSessionJoin,
  principalWhere,
} from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import {
  accounts,
  businesses,
  businessMembers,
  plans,
  refreshSessions,
  userPlans,
  wallets,
} from '../../platform/db/schema/index.js';
import { limitStatusSql, windowStartOf } from '../messages/index.js';
import { insertOwnerMembership } from './business-members.js';

export type BusinessRow = typeof businesses.$inferSelect;

/** The profile fields a business may change itself (`PATCH /business`). */
export type ProfilePatch = Partial<
  Pick<
    BusinessRow,
    | 'companyName'
    | 'companyLogo'
    | 'address'
    | 'website'
    | 'businessRegistrationNumber'
    | 'countryCode'
    | 'industry'
    | 'noOfEmployees'
    | 'noOfSubscribers'
    | 'chargeOnDelivery'
  >
>;

export type CredentialColumns = Partial<
  Pick<
    BusinessRow,
    | 'provider'
    | 'wabaNumber'
    | 'wabaProviderId'
    | 'providerHSMID'
    | 'providerHSMPasswordEnc'
    | 'providerDashboardLogin'
    | 'providerDashboardPasswordEnc'
    | 'providerTwowayLogin'
    | 'providerTwowayPasswordEnc'
  >
>;

/** A new account's business (registration creates it in the account's transaction). */
export async function createBusiness(
  tx: Db,
  values: Pick<typeof businesses.$inferInsert, 'accountId' | 'referredBy' | 'countryCode'>,
): Promise<BusinessRow> {
  const [row] = await tx.insert(businesses).values(values).returning();
  await insertOwnerMembership(tx, row!.id, values.accountId);
  return row!;
}

/**
 * An administrator's decision, as one conditional UPDATE. Acceptance needs a business that is not already
 * accepted (accepting twice is a 400, docs/api.md "Business rules"); a rejection applies from any state.
 */
export async function decideVerification(
  db: Db,
  businessId: string,
  decision: { status: 'accepted' | 'rejected'; reason: string | null },
): Promise<BusinessRow | null> {
  const [row] = await db
    .update(businesses)
    .set({ businessVerified: decision.status, verificationReason: decision.reason, updatedAt: new Date() })
    .where(
      and(
        eq(businesses.id, businessId),
        decision.status === 'accepted' ? ne(businesses.businessVerified, 'accepted') : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

export async function findBusiness(db: Db, businessId: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  return row ?? null;
}

/**
 * What `GET /business` shows, in one round trip: the business, its wallet, its running plan (if any) and
 * where it stands against its messaging limit.
 * The most frequent read of a signed-in client, hence a prepared statement.
 */
export async function findBusinessView(db: Db, businessId: string, now = new Date()) {
  const [row] = await prepared(db, 'business_view', (d) =>
    d
      .select({
        business: businesses,
        wallet: wallets,
        userPlan: userPlans,
        plan: plans,
        messagingLimit: limitStatusSql(businesses.id, sql.placeholder('windowStart')),
      })
      .from(businesses)
      .leftJoin(wallets, eq(wallets.businessId, businesses.id))
      .leftJoin(
        userPlans,
        and(eq(userPlans.businessId, businesses.id), gt(userPlans.expiredDate, sql`now()`)),
      )
      .leftJoin(plans, eq(plans.id, userPlans.planId))
      .where(eq(businesses.id, sql.placeholder('businessId')))
      .prepare('business_view'),
  ).execute({ businessId, windowStart: windowStartOf(now) });
  return row ?? null;
}

/** What `findBusinessView` reads. */
export type BusinessView = NonNullable<Awaited<ReturnType<typeof findBusinessView>>>;

/**
 * The caller (as `loadPrincipal` reads it) and the view of the business its session acts for, in one
 * statement: `GET /business` (the console reads it on every screen) costs one round trip, as the health
 * check does. `view` is null when the session acts for no business.
 */
export async function findPrincipalWithView(
  db: Db,
  accountId: string,
  sessionId: string,
  now = new Date(),
): Promise<{ principal: AuthContext; preload: BusinessView | null } | null> {
  const [row] = await prepared(db, 'principal_business_view', (d) =>
    d
      .select({
        ...principalFields,
        business: businesses,
        wallet: wallets,
        userPlan: userPlans,
        plan: plans,
        messagingLimit: limitStatusSql(businesses.id, sql.placeholder('windowStart')),
      })
      .from(accounts)
      .innerJoin(refreshSessions, principalSessionJoin)
      .leftJoin(businessMembers, principalMembershipJoin)
      .leftJoin(businesses, principalBusinessJoin)
      .leftJoin(wallets, eq(wallets.businessId, businesses.id))
      .leftJoin(
        userPlans,
        and(eq(userPlans.businessId, businesses.id), gt(userPlans.expiredDate, sql`now()`)),
      )
      .leftJoin(plans, eq(plans.id, userPlans.planId))
      .where(principalWhere)
      .limit(1)
      .prepare('principal_business_view'),
  ).execute({ accountId, sessionId, windowStart: windowStartOf(now) });
  if (!row) return null;
  const { business, wallet, userPlan, plan, messagingLimit, ...principal } = row;
  return {
    principal: { ...principal, sessionId, apiKey: null },
    preload: business ? { business, wallet, userPlan, plan, messagingLimit } : null,
  };
}

/** Writes the given columns of the business (undefined ones are left alone). */
export async function updateBusiness(
  db: Db,
  businessId: string,
  patch: ProfilePatch | CredentialColumns,
): Promise<BusinessRow | null> {
  if (!Object.values(patch).some((v) => v !== undefined)) return findBusiness(db, businessId);
  const [row] = await db
    .update(businesses)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(businesses.id, businessId))
    .returning();
  return row ?? null;
}

/** The business, locked until the caller's transaction ends. */
export async function lockBusiness(tx: Db, businessId: string): Promise<BusinessRow | null> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
  return row ?? null;
}

/** An accepted business whose reviewed fields changed goes back to the admins' queue. */
export async function sendBackToReview(tx: Db, businessId: string): Promise<boolean> {
  const rows = await tx
    .update(businesses)
    .set({ businessVerified: 'pending', verificationReason: null, verificationSubmittedAt: new Date() })
    .where(and(eq(businesses.id, businessId), eq(businesses.businessVerified, 'accepted')))
    .returning({ id: businesses.id });
  return rows.length > 0;
}

/**
 * Puts the business back in the admins' queue. One conditional UPDATE: a submission racing an acceptance
 * can never turn an accepted business back into a pending one. Null when the business is already accepted.
 */
export async function submitForVerification(db: Db, businessId: string): Promise<BusinessRow | null> {
  const [row] = await db
    .update(businesses)
    .set({
      businessVerified: 'pending',
      verificationReason: null,
      verificationSubmittedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(businesses.id, businessId), ne(businesses.businessVerified, 'accepted')))
    .returning();
  return row ?? null;
}
