import { eq } from 'drizzle-orm';
import { accounts, businesses } from '../../../src/platform/db/schema/index.js';
import { createContacts, createUser, type TestUser, type UserOptions } from '../../factories.js';
import type { TestApp } from '../../harness.js';

/**
 * The kind of user that passes a route's declared access rule (`x-access`): anonymous for public routes,
 * else an account with a verified e-mail whose business and role satisfy every guard listed. It has credits
 * and two opted-in contacts, so requests that get through validation can go as deep as the service goes.
 */
export function userOptionsFor(access: string[]): UserOptions | null {
  if (access.includes('public')) return null;
  return {
    role: access.includes('superadmin') ? 'superadmin' : access.includes('admin') ? 'admin' : 'business',
    verified: true,
    businessVerified: access.includes('verifiedBusiness') ? 'accepted' : 'pending',
    ...(access.includes('affiliate') ? { affiliate: {} } : {}),
    credits: '1000',
  };
}

export async function createCaller(t: TestApp, access: string[]): Promise<TestUser | null> {
  const opts = userOptionsFor(access);
  if (!opts) return null;
  const user = await createUser(t, opts);
  await createContacts(t, user.businessId, 2);
  return user;
}

/**
 * What a caller may do: its role, e-mail verification, business status and type. No request of the caller's
 * own may change these, whatever extra fields (`role`, `businessVerified`, `type`...) it carries.
 */
export async function privilegesOf(t: TestApp, user: TestUser) {
  const [row] = await t.db
    .select({
      role: accounts.role,
      verified: accounts.verified,
      businessVerified: businesses.businessVerified,
      type: businesses.type,
      affiliatePercentage: businesses.affiliatePercentage,
    })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(eq(accounts.id, user.accountId));
  return row;
}
