// The business module owns business_members: every statement that writes it is in this file.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '../../platform/auth/permissions.js';
import { type Db, queryRows } from '../../platform/db/client.js';
import {
  accounts,
  businesses,
  businessMembers,
  type MemberAvailability,
} from '../../platform/db/schema/index.js';

/** The account that registers a business is its owner (in the registration's transaction). */
export async function insertOwnerMembership(tx: Db, businessId: string, accountId: string): Promise<void> {
  await tx.insert(businessMembers).values({ businessId, accountId, role: 'owner' });
}

/** The account's role in the business, or null when it is no member of it. */
export async function roleIn(db: Db, businessId: string, accountId: string): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.accountId, accountId)))
    .limit(1);
  return row?.role ?? null;
}

export interface Membership {
  businessId: string;
  companyName: string | null;
  role: MemberRole;
  joinedAt: Date;
  availability: MemberAvailability;
}

/** The businesses an account belongs to, the one it owns first, then in the order it joined them. */
export async function membershipsOf(db: Db, accountId: string): Promise<Membership[]> {
  return db
    .select({
      businessId: businessMembers.businessId,
      companyName: businesses.companyName,
      role: businessMembers.role,
      joinedAt: businessMembers.createdAt,
      availability: businessMembers.availability,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.accountId, accountId))
    .orderBy(
      sql`${businessMembers.role} = 'owner' DESC`,
      asc(businessMembers.createdAt),
      asc(businessMembers.businessId),
    );
}

export interface MemberRow {
  accountId: string;
  name: string;
  email: string;
  role: MemberRole;
  availability: MemberAvailability;
  joinedAt: Date;
}

const memberColumns = {
  accountId: businessMembers.accountId,
  name: accounts.name,
  email: accounts.email,
  role: businessMembers.role,
  availability: businessMembers.availability,
  joinedAt: businessMembers.createdAt,
};

/** The business's members, the owner first, then in the order they joined. */
export async function listMembers(db: Db, businessId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(businessMembers)
    .innerJoin(accounts, eq(accounts.id, businessMembers.accountId))
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(
      sql`${businessMembers.role} = 'owner' DESC`,
      asc(businessMembers.createdAt),
      asc(businessMembers.accountId),
    );
}

/**
 * Takes the business's member lock until the caller's transaction ends: every change of its members (roles,
 * removals, ownership, a new member) takes it first, so two changes never decide on the same stale picture
 * (exactly one owner under concurrent changes). Answers the members as the lock found them; null when there
 * is no such business.
 */
export async function lockMembers(tx: Db, businessId: string): Promise<MemberRow[] | null> {
  const [business] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('no key update');
  if (!business) return null;
  return listMembers(tx, businessId);
}

/** Adds a member (the caller holds the member lock and checked the seats); false when already one. */
export async function insertMember(
  tx: Db,
  businessId: string,
  accountId: string,
  role: MemberRole,
): Promise<boolean> {
  const rows = await tx
    .insert(businessMembers)
    .values({ businessId, accountId, role })
    .onConflictDoNothing()
    .returning({ id: businessMembers.id });
  return rows.length === 1;
}

export async function updateMemberRole(
  tx: Db,
  businessId: string,
  accountId: string,
  role: MemberRole,
): Promise<boolean> {
  return updateMembership(tx, businessId, accountId, { role });
}

/** A member marks itself available for automatic assignment, or away; false when it is no member. */
export async function setAvailability(
  db: Db,
  businessId: string,
  accountId: string,
  availability: MemberAvailability,
): Promise<boolean> {
  return updateMembership(db, businessId, accountId, { availability });
}

/** Changes the account's membership row in the business; false when it is no member. */
async function updateMembership(
  db: Db,
  businessId: string,
  accountId: string,
  change: { role: MemberRole } | { availability: MemberAvailability },
): Promise<boolean> {
  const rows = await db
    .update(businessMembers)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.accountId, accountId)))
    .returning({ id: businessMembers.id });
  return rows.length === 1;
}

/**
 * The account's role in the business, its membership row share-locked until the caller's transaction ends:
 * the member can be neither removed nor given another role meanwhile (a conversation is never assigned to
 * someone leaving, or losing the inbox, at that moment). Null when it is no member.
 */
export async function lockMembership(
  tx: Db,
  businessId: string,
  accountId: string,
): Promise<MemberRole | null> {
  const [row] = await tx
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.accountId, accountId)))
    .for('share');
  return row?.role ?? null;
}

/** Removes a member; the sessions acting for the membership go with it (their foreign key cascades). */
export async function deleteMember(tx: Db, businessId: string, accountId: string): Promise<boolean> {
  const rows = await tx
    .delete(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.accountId, accountId)))
    .returning({ id: businessMembers.id });
  return rows.length === 1;
}

/** The members a business may have when neither an administrator nor its plan set a limit. */
export const DEFAULT_SEAT_LIMIT = 5;

/**
 * The seats of a business: an administrator's own limit for it, else its current (unexpired) plan's seats,
 * else the default (docs/decisions/members.md "How many seats, and what holds one?").
 */
export async function seatLimitOf(db: Db, businessId: string): Promise<number> {
  const [row] = await queryRows<{ seats: number | null }>(
    db,
    sql`SELECT COALESCE(b.seat_limit, (
          SELECT p.seats FROM user_plans up JOIN plans p ON p.id = up.plan_id
          WHERE up.business_id = b.id AND up.expired_date > now()
          ORDER BY up.expired_date DESC LIMIT 1
        )) AS seats
        FROM businesses b WHERE b.id = ${businessId}`,
  );
  return row?.seats ?? DEFAULT_SEAT_LIMIT;
}

/** An administrator's setting (null: back to the default); false when there is no such business. */
export async function setSeatLimit(db: Db, businessId: string, seatLimit: number | null): Promise<boolean> {
  const rows = await db
    .update(businesses)
    .set({ seatLimit, updatedAt: new Date() })
    .where(eq(businesses.id, businessId))
    .returning({ id: businesses.id });
  return rows.length === 1;
}

/** Whether the account is named by a business's `account_id` (an account owns one business at most). */
export async function ownsABusiness(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.accountId, accountId));
  return Boolean(row);
}

/**
 * A handover moves `businesses.account_id` to the new owner (docs/decisions/members.md "What is
 * `businesses.account_id` now?"), in the handover's transaction.
 */
export async function setOwnerAccount(tx: Db, businessId: string, accountId: string): Promise<void> {
  await tx.update(businesses).set({ accountId, updatedAt: new Date() }).where(eq(businesses.id, businessId));
}

/**
 * The businesses the account owns that have members besides it (it must hand them over before leaving). Takes
 * the member lock of each business it owns first (as `lockMembers`), so an acceptance or a handover running at
 * the same moment is decided before or after, never beside, the caller's transaction.
 */
export async function ownedWithOtherMembers(tx: Db, accountId: string): Promise<string[]> {
  const owned = await queryRows<{ id: string }>(
    tx,
    sql`SELECT b.id FROM businesses b JOIN business_members m ON m.business_id = b.id
        WHERE m.account_id = ${accountId} AND m.role = 'owner'
        ORDER BY b.id FOR NO KEY UPDATE OF b`,
  );
  if (!owned.length) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT m.business_id AS id FROM business_members m
        WHERE m.account_id = ${accountId} AND m.role = 'owner'
          AND EXISTS (SELECT 1 FROM business_members o WHERE o.business_id = m.business_id AND o.account_id <> ${accountId})`,
  );
  return rows.map((r) => r.id);
}
