import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { accounts } from '../../platform/db/schema/index.js';
import { insertAccountGraph } from './registration.repository.js';

/**
 * Creates the first superadmin from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD when no account has that
 * e-mail (CONVENTIONS.md). An existing account is left as it is: the variables never reset a password
 * nor promote anyone. Returns whether it created the account.
 */
export async function bootstrapSuperadmin(deps: Pick<AppDeps, 'config' | 'db' | 'logger'>): Promise<boolean> {
  const { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: password } = deps.config;
  if (!email || !password) return false;
  const normalised = email.trim().toLowerCase();
  const exists = async (db: AppDeps['db']) =>
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, normalised))).length > 0;
  if (await exists(deps.db)) return false;
  const passwordHash = await hashPassword(password);
  const created = await deps.db
    .transaction(async (tx) => {
      if (await exists(tx)) return false;
      await insertAccountGraph(tx, {
        name: 'Superadmin',
        email: normalised,
        passwordHash,
        role: 'superadmin',
        verified: true,
      });
      return true;
    })
    .catch((err: unknown) => {
      // Another instance starting at the same moment created it first.
      if (!isUniqueViolation(err)) throw err;
      return false;
    });
  if (created) deps.logger.info({ email: normalised }, 'superadmin account created');
  return created;
}
