import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { verificationTokens } from '../../platform/db/schema/index.js';

export type OtpRow = typeof verificationTokens.$inferSelect;

/** The address's hourly window (codes sent and wrong guesses are counted in it) has ended. */
const windowOver = sql`${verificationTokens.windowStartedAt} <= now() - interval '1 hour'`;

/** Typed codes of the address are accepted: fewer than `maxWrong` wrong guesses this hour. */
const guessesLeft = (maxWrong: number) => or(windowOver, lt(verificationTokens.attempts, maxWrong));

/**
 * Creates or replaces the one record of an e-mail: a new code and a fresh validity; and counts it in the
 * address's hourly window. Wrong guesses stay counted until that window ends (a new code does not give
 * a guesser a new budget). Past `perHour` codes in the window nothing is written (the live code stays)
 * and the answer is when the window ends.
 */
export async function upsertOtp(
  db: Db,
  email: string,
  codeHash: string,
  link: NewLink,
  expiresAt: Date,
  perHour: number,
): Promise<{ ok: true } | { ok: false; windowEndsAt: Date }> {
  const linkColumns = { linkHash: link.hash, linkPurpose: link.purpose, linkExpiresAt: expiresAt };
  const rows = await db
    .insert(verificationTokens)
    .values({ email, codeHash, expiresAt, attempts: 0, ...linkColumns })
    .onConflictDoUpdate({
      target: verificationTokens.email,
      set: {
        codeHash,
        expiresAt,
        ...linkColumns,
        linksSent: sql`CASE WHEN ${windowOver} THEN 0 ELSE ${verificationTokens.linksSent} END`,
        attempts: sql`CASE WHEN ${windowOver} THEN 0 ELSE ${verificationTokens.attempts} END`,
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
  return { ok: false, windowEndsAt: windowEnd(row?.windowStartedAt) };
}

export type LinkPurpose = 'verify' | 'reset';
export interface NewLink {
  hash: string;
  purpose: LinkPurpose;
}

/**
 * A link-only mail once the address's codes for the hour are spent: a new link replaces the record's
 * (the live code stays as it is), counted against `perHour` links in the same window. False past that.
 */
export async function replaceLink(
  db: Db,
  email: string,
  link: NewLink,
  expiresAt: Date,
  perHour: number,
): Promise<boolean> {
  const rows = await db
    .update(verificationTokens)
    .set({
      linkHash: link.hash,
      linkPurpose: link.purpose,
      linkExpiresAt: expiresAt,
      linksSent: sql`${verificationTokens.linksSent} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(verificationTokens.email, email),
        sql`NOT (${windowOver})`,
        lt(verificationTokens.linksSent, perHour),
      ),
    )
    .returning({ id: verificationTokens.id });
  return rows.length === 1;
}

const liveLink = (linkHash: string, purpose: LinkPurpose) =>
  and(
    eq(verificationTokens.linkHash, linkHash),
    eq(verificationTokens.linkPurpose, purpose),
    gt(verificationTokens.linkExpiresAt, sql`now()`),
  );

/** The e-mail whose live link this is, for this purpose; null otherwise. Wrong guesses count nowhere. */
export async function emailOfLink(db: Db, linkHash: string, purpose: LinkPurpose): Promise<string | null> {
  const [row] = await db
    .select({ email: verificationTokens.email })
    .from(verificationTokens)
    .where(liveLink(linkHash, purpose));
  return row?.email ?? null;
}

/**
 * Deletes the record (link and code alike) if the link is live, for this purpose and, given `email`,
 * that address. Run in the transaction that applies the effect: of two uses racing, one deletes the row.
 */
export async function deleteByLink(
  tx: Db,
  linkHash: string,
  purpose: LinkPurpose,
  email?: string,
): Promise<string | null> {
  const rows = await tx
    .delete(verificationTokens)
    .where(and(liveLink(linkHash, purpose), email ? eq(verificationTokens.email, email) : undefined))
    .returning({ email: verificationTokens.email });
  return rows[0]?.email ?? null;
}

/** When the hourly window that started at `startedAt` ends. */
export const windowEnd = (startedAt: Date | undefined) =>
  new Date((startedAt?.getTime() ?? Date.now()) + 3600_000);

/** The record of an e-mail, locked until the caller's transaction ends (attempts are counted under it). */
export async function lockOtp(tx: Db, email: string): Promise<OtpRow | null> {
  const [row] = await tx
    .select()
    .from(verificationTokens)
    .where(eq(verificationTokens.email, email))
    .for('update');
  return row ?? null;
}

/** Counts a wrong guess in the address's hourly window (a guess after the window ended starts a new one). */
export async function addFailedAttempt(tx: Db, id: string): Promise<void> {
  await tx
    .update(verificationTokens)
    .set({
      attempts: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${verificationTokens.attempts} + 1 END`,
      codesSent: sql`CASE WHEN ${windowOver} THEN 0 ELSE ${verificationTokens.codesSent} END`,
      linksSent: sql`CASE WHEN ${windowOver} THEN 0 ELSE ${verificationTokens.linksSent} END`,
      windowStartedAt: sql`CASE WHEN ${windowOver} THEN now() ELSE ${verificationTokens.windowStartedAt} END`,
    })
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
  maxWrong: number,
): Promise<boolean> {
  const rows = await tx
    .delete(verificationTokens)
    .where(
      and(
        eq(verificationTokens.email, email),
        eq(verificationTokens.codeHash, codeHash),
        gt(verificationTokens.expiresAt, sql`now()`),
        guessesLeft(maxWrong),
      ),
    )
    .returning({ id: verificationTokens.id });
  return rows.length === 1;
}

/** Whether a usable record other than `exceptEmail`'s holds this code hash. */
export async function liveOtpWithHash(
  db: Db,
  codeHash: string,
  maxWrong: number,
  exceptEmail?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: verificationTokens.id })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.codeHash, codeHash),
        gt(verificationTokens.expiresAt, sql`now()`),
        guessesLeft(maxWrong),
        exceptEmail ? ne(verificationTokens.email, exceptEmail) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
