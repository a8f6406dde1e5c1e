// The business module owns business_members: every statement that writes it is in this file.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '../../platform/auth/permissions.js';
import type { Db } from '../../platform/db/client.js';
import { businesses, businessMembers } from '../../platform/db/schema/index.js';

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
