import type { Db } from '../../platform/db/client.js';
import { accounts } from '../../platform/db/schema/index.js';
import { type BusinessRow, createBusiness } from '../business/index.js';
import { insertDefaultNotificationSettings } from '../notifications/index.js';
import { createWallet } from '../wallet/index.js';

export type AccountRow = typeof accounts.$inferSelect;

export interface NewAccountGraph {
  name: string;
  email: string;
  whatsappNumber?: string | null;
  avatarUrl?: string | null;
  passwordHash?: string | null;
  role?: AccountRow['role'];
  verified?: boolean;
  identityProviderSubject?: string | null;
  referredBy?: string | null;
  countryCode?: string | null;
}

/**
 * Creates what every account owns (docs/api.md "Business rules": one business, one wallet, default preferences). Must
 * run in the caller's transaction so that a failure leaves none of it behind. The e-mail is stored lower-cased; a
 * duplicate raises the unique violation of `accounts_email_unique`.
 */
export async function insertAccountGraph(
  tx: Db,
  input: NewAccountGraph,
): Promise<{ account: AccountRow; business: BusinessRow }> {
  const account = await insertAccount(tx, input);
  const business = await createBusiness(tx, {
    accountId: account.id,
    referredBy: input.referredBy ?? null,
    countryCode: input.countryCode ?? null,
  });
  await createWallet(tx, business.id);
  await insertDefaultNotificationSettings(tx, business.id);
  return { account, business };
}

/**
 * An account alone, without a business of its own: a person joining a business by invitation. A duplicate
 * e-mail raises the unique violation of `accounts_email_unique`.
 */
export async function insertAccount(
  tx: Db,
  input: Omit<NewAccountGraph, 'referredBy' | 'countryCode'>,
): Promise<AccountRow> {
  const [account] = await tx
    .insert(accounts)
    .values({
      name: input.name,
      email: input.email.trim().toLowerCase(),
      whatsappNumber: input.whatsappNumber ?? null,
      avatarUrl: input.avatarUrl ?? null,
      passwordHash: input.passwordHash ?? null,
      role: input.role ?? 'business',
      verified: input.verified ?? false,
      identityProviderSubject: input.identityProviderSubject ?? null,
    })
    .returning();
  return account!;
}
