// The business module owns business_members: every statement that writes it is in this file.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '../../platform/auth/permissions.js';
import type { Db } from '../../platform/db/client.js';
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
}

/** The businesses an account belongs to, the one it owns first, then in the order it joined them. */
export async function membershipsOf(db: Db, accountId: string): Promise<Membership[]> {
  return db
    .select({
      businessId: businessMembers.businessId,
      companyName: businesses.companyName,
      role: businessMembers.role,
      joinedAt: businessMembers.createdAt,
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
  const rows = await tx
    .update(businessMembers)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.accountId, accountId)))
    .returning({ id: businessMembers.id });
  return rows.length === 1;
}

/** A member marks itself available for automatic assignment, or away; false when it is no member. */
export async function setAvailability(
  db: Db,
  businessId: string,
  accountId: string,
  availability: MemberAvailability,
): Promise<boolean> {
  const rows = await db
    .update(businessMembers)
    .set({ availability, updatedAt: new Date() })
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

/** The members a business may have when nobody set its own limit. */
export const DEFAULT_SEAT_LIMIT = 5;

export async function seatLimitOf(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ seatLimit: businesses.seatLimit })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.seatLimit ?? DEFAULT_SEAT_LIMIT;
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
