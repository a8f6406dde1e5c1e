import { and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { verificationTokens } from '../../platform/db/schema/index.js';

export type OtpRow = typeof verificationTokens.$inferSelect;

/**
 * Creates or replaces the one record of an e-mail: a new code, a fresh validity, no attempts used on it.
 * The address's failures and block carry over: a new code is not a new budget of guesses.
 */
export async function upsertOtp(db: Db, email: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .insert(verificationTokens)
    .values({ email, codeHash, expiresAt, attempts: 0 })
    .onConflictDoUpdate({
      target: verificationTokens.email,
      set: { codeHash, expiresAt, attempts: 0, updatedAt: new Date() },
    });
}

/** The record of an e-mail, locked until the caller's transaction ends (attempts are counted under it). */
export async function lockOtp(tx: Db, email: string): Promise<OtpRow | null> {
  const [row] = await tx
    .select()
    .from(verificationTokens)
    .where(eq(verificationTokens.email, email))
    .for('update');
  return row ?? null;
}

/** Counts a wrong guess against the code and the address; `blockedUntil` is the backoff it earned. */
export async function addFailedAttempt(tx: Db, id: string, blockedUntil: Date | null): Promise<void> {
  await tx
    .update(verificationTokens)
    .set({
      attempts: sql`${verificationTokens.attempts} + 1`,
      failures: sql`${verificationTokens.failures} + 1`,
      blockedUntil,
    })
    .where(eq(verificationTokens.id, id));
}

/** A right guess: the address's failures are forgiven. */
export async function clearFailures(tx: Db, id: string): Promise<void> {
  await tx
    .update(verificationTokens)
    .set({ failures: 0, blockedUntil: null })
    .where(eq(verificationTokens.id, id));
}

const notBlocked = () =>
  or(isNull(verificationTokens.blockedUntil), lte(verificationTokens.blockedUntil, sql`now()`));

/**
 * Deletes the record if it still holds this code and is usable. Run in the transaction that applies the
 * code's effect: of two requests racing with one code, only one deletes the row, so only one effect lands.
 */
export async function deleteLiveOtp(
  tx: Db,
  email: string,
  codeHash: string,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await tx
    .delete(verificationTokens)
    .where(
      and(
        eq(verificationTokens.email, email),
        eq(verificationTokens.codeHash, codeHash),
        gt(verificationTokens.expiresAt, sql`now()`),
        lt(verificationTokens.attempts, maxAttempts),
        notBlocked(),
      ),
    )
    .returning({ id: verificationTokens.id });
  return rows.length === 1;
}

/** Whether a usable record other than `exceptEmail`'s holds this code hash. */
export async function liveOtpWithHash(
  db: Db,
  codeHash: string,
  maxAttempts: number,
  exceptEmail?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: verificationTokens.id })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.codeHash, codeHash),
        gt(verificationTokens.expiresAt, sql`now()`),
        lt(verificationTokens.attempts, maxAttempts),
        notBlocked(),
        exceptEmail ? ne(verificationTokens.email, exceptEmail) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
