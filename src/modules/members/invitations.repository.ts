// The members module owns member_invitations: every statement that writes it is in this file.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MemberRole } from '../../platform/auth/permissions.js';
import { type Db, queryRows } from '../../platform/db/client.js';
import { businesses, memberInvitations } from '../../platform/db/schema/index.js';

export type InvitationRow = typeof memberInvitations.$inferSelect;

const pending = and(isNull(memberInvitations.acceptedAt), isNull(memberInvitations.revokedAt));

export async function insertInvitation(
  db: Db,
  values: {
    businessId: string;
    email: string;
    role: MemberRole;
    invitedBy: string;
    tokenHash: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await db.insert(memberInvitations).values(values).returning();
  return row!;
}

export async function listInvitations(db: Db, businessId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(memberInvitations)
    .where(eq(memberInvitations.businessId, businessId))
    .orderBy(desc(memberInvitations.createdAt), desc(memberInvitations.id));
}

export async function findInvitation(db: Db, businessId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.businessId, businessId), eq(memberInvitations.id, id)));
  return row ?? null;
}

/** Pending invitations not yet expired: they hold a seat each. */
export async function countOpenInvitations(db: Db, businessId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM member_invitations
        WHERE business_id = ${businessId} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
  );
  return Number(row?.n ?? 0);
}

/** A pending invitation (expired or not) of this address; a new one replaces an expired one. */
export async function findPendingFor(
  db: Db,
  businessId: string,
  email: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.businessId, businessId), eq(memberInvitations.email, email), pending));
  return row ?? null;
}

/** A new link for a pending invitation: the old link stops working. Null when it is no longer pending. */
export async function renewInvitation(
  db: Db,
  businessId: string,
  id: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(memberInvitations)
    .set({ tokenHash, expiresAt, updatedAt: new Date() })
    .where(and(eq(memberInvitations.businessId, businessId), eq(memberInvitations.id, id), pending))
    .returning();
  return row ?? null;
}

export async function revokeInvitation(
  db: Db,
  businessId: string,
  id: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(memberInvitations)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(memberInvitations.businessId, businessId), eq(memberInvitations.id, id), pending))
    .returning();
  return row ?? null;
}

/** The pending, unexpired invitation a link names, with its business's name; null for any other link. */
export async function findOpenByToken(
  db: Db,
  tokenHash: string,
): Promise<(InvitationRow & { companyName: string | null }) | null> {
  const [row] = await db
    .select({ invitation: memberInvitations, companyName: businesses.companyName })
    .from(memberInvitations)
    .innerJoin(businesses, eq(businesses.id, memberInvitations.businessId))
    .where(
      and(eq(memberInvitations.tokenHash, tokenHash), pending, gt(memberInvitations.expiresAt, sql`now()`)),
    );
  return row ? { ...row.invitation, companyName: row.companyName } : null;
}

/**
 * Uses the link once: marks its invitation accepted by the account, if it is still pending and unexpired. Two
 * acceptances racing: one gets the row, the other null.
 */
export async function consumeInvitation(
  tx: Db,
  tokenHash: string,
  accountId: string,
): Promise<InvitationRow | null> {
  const [row] = await tx
    .update(memberInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: accountId, updatedAt: new Date() })
    .where(
      and(eq(memberInvitations.tokenHash, tokenHash), pending, gt(memberInvitations.expiresAt, sql`now()`)),
    )
    .returning();
  return row ?? null;
}

export async function companyNameOf(db: Db, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ companyName: businesses.companyName })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.companyName ?? null;
}
