import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { verificationTokens } from '../../platform/db/schema/index.js';

export type OtpRow = typeof verificationTokens.$inferSelect;

/**
 * Creates or replaces the one record of an e-mail: a new code, a fresh validity, no attempts used on it;
 * and counts it in the address's hourly window. Past `perHour` codes in the window nothing is written
 * (the live code stays) and the answer is when the window ends.
 */
export async function upsertOtp(
  db: Db,
  email: string,
  codeHash: string,
  expiresAt: Date,
  perHour: number,
): Promise<{ ok: true } | { ok: false; windowEndsAt: Date }> {
  const windowOver = sql`${verificationTokens.windowStartedAt} <= now() - interval '1 hour'`;
  const rows = await db
    .insert(verificationTokens)
    .values({ email, codeHash, expiresAt, attempts: 0 })
    .onConflictDoUpdate({
      target: verificationTokens.email,
      set: {
        codeHash,
        expiresAt,
        attempts: 0,
        codesSent: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${verificationTokens.codesSent} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN now() ELSE ${verificationTokens.windowStartedAt} END`,
        updatedAt: new Date(),
      },
      setWhere: or(windowOver, lt(verificationTokens.codesSent, perHour)),
    })
    .returning({ id: verificationTokens.id });
  if (rows.length) return { ok: true };
  const [row] = await db
    .select({ windowStartedAt: verificationTokens.windowStartedAt })
    .from(verificationTokens)
    .where(eq(verificationTokens.email, email));
  return { ok: false, windowEndsAt: new Date((row?.windowStartedAt.getTime() ?? Date.now()) + 3600_000) };
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

/** Counts a wrong guess against the code. */
export async function addFailedAttempt(tx: Db, id: string): Promise<void> {
  await tx
    .update(verificationTokens)
    .set({ attempts: sql`${verificationTokens.attempts} + 1` })
    .where(eq(verificationTokens.id, id));
}

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
        exceptEmail ? ne(verificationTokens.email, exceptEmail) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
