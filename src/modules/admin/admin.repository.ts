import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { newestFirstPage } from '../../platform/db/paging.js';
import { accounts, businesses, campaigns } from '../../platform/db/schema/index.js';
import { likePattern, type PageQuery, pageOffset } from '../../platform/http/pagination.js';
import type { BusinessRow } from '../business/index.js';
import { countContacts } from '../contacts/index.js';

export type AccountRow = typeof accounts.$inferSelect;
export type BusinessWithAccount = { business: BusinessRow; account: AccountRow };
type Verified = BusinessRow['businessVerified'];

/**
 * Ids of the businesses whose company name, owner name or owner e-mail contains the pattern. One branch per
 * column, because PostgreSQL prices a BitmapOr of two trigram indexes above a sequential scan (wrongly: 5 ms
 * against 120 ms over 100 000 accounts), while it picks the index for each column on its own.
 */
function businessesMatching(db: Db, pattern: string) {
  const ownedBy = (column: typeof accounts.name | typeof accounts.email) =>
    db
      .select({ id: businesses.id })
      .from(businesses)
      .where(
        inArray(
          businesses.accountId,
          db.select({ id: accounts.id }).from(accounts).where(ilike(column, pattern)),
        ),
      );
  return union(
    db.select({ id: businesses.id }).from(businesses).where(ilike(businesses.companyName, pattern)),
    ownedBy(accounts.name),
    ownedBy(accounts.email),
  );
}

function accountsMatching(db: Db, pattern: string) {
  return union(
    db.select({ id: accounts.id }).from(accounts).where(ilike(accounts.name, pattern)),
    db.select({ id: accounts.id }).from(accounts).where(ilike(accounts.email, pattern)),
  );
}

/**
 * Businesses by company name, owner name or owner e-mail; optionally in one verification state. The filter
 * and the paging run on `businesses` alone (its created-at index gives the order), and only the page's rows
 * are joined to their accounts.
 */
export async function listBusinesses(
  db: Db,
  filter: { search?: string; verified?: Verified; submitted?: boolean; sort?: 'newest' | 'waiting' },
  page: PageQuery,
): Promise<{ rows: BusinessWithAccount[]; total: number }> {
  const where = and(
    filter.verified ? eq(businesses.businessVerified, filter.verified) : undefined,
    filter.submitted === undefined
      ? undefined
      : filter.submitted
        ? isNotNull(businesses.verificationSubmittedAt)
        : isNull(businesses.verificationSubmittedAt),
    filter.search ? inArray(businesses.id, businessesMatching(db, likePattern(filter.search))) : undefined,
  );
  const order =
    filter.sort === 'waiting'
      ? [
          sql`${businesses.verificationSubmittedAt} asc nulls last`,
          asc(businesses.createdAt),
          asc(businesses.id),
        ]
      : [desc(businesses.createdAt), desc(businesses.id)];
  const [ids, [counted]] = await Promise.all([
    db
      .select({ id: businesses.id })
      .from(businesses)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(businesses).where(where),
  ]);
  const rows = ids.length
    ? await db
        .select({ business: businesses, account: accounts })
        .from(businesses)
        .innerJoin(accounts, eq(accounts.id, businesses.accountId))
        .where(
          inArray(
            businesses.id,
            ids.map((r) => r.id),
          ),
        )
        .orderBy(...order)
    : [];
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findBusinessWithAccount(
  db: Db,
  businessId: string,
): Promise<BusinessWithAccount | null> {
  const [row] = await db
    .select({ business: businesses, account: accounts })
    .from(businesses)
    .innerJoin(accounts, eq(accounts.id, businesses.accountId))
    .where(eq(businesses.id, businessId));
  return row ?? null;
}

export async function countCampaignsAndContacts(
  db: Db,
  businessId: string,
): Promise<{ campaignCount: number; contactCount: number }> {
  // The kept count (contact_counts), as the contacts list reads it: count(*) walks a million-contact business.
  const [[c], contactCount] = await Promise.all([
    db.select({ n: count() }).from(campaigns).where(eq(campaigns.businessId, businessId)),
    countContacts(db, businessId),
  ]);
  return { campaignCount: Number(c?.n ?? 0), contactCount };
}

export async function listAccounts(
  db: Db,
  filter: { search?: string; role?: AccountRow['role'] },
  page: PageQuery,
): Promise<{ rows: { account: AccountRow; businessId: string | null }[]; total: number }> {
  const where = and(
    filter.role ? eq(accounts.role, filter.role) : undefined,
    filter.search ? inArray(accounts.id, accountsMatching(db, likePattern(filter.search))) : undefined,
  );
  const rows = await newestFirstPage(
    db
      .select({ account: accounts, businessId: businesses.id })
      .from(accounts)
      .leftJoin(businesses, eq(businesses.accountId, accounts.id))
      .where(where)
      .$dynamic(),
    accounts,
    page,
  );
  const [counted] = await db.select({ n: count() }).from(accounts).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findAccount(db: Db, accountId: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}

/** Every administrator (admin or superadmin) still in service: whose consoles hear about queue decisions. */
export async function listActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.role, ['admin', 'superadmin']), eq(accounts.deleted, false)));
  return rows.map((r) => r.id);
}
