import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accounts, businesses, ticketComments, tickets } from '../../platform/db/schema/index.js';
import { likePattern } from '../../platform/http/pagination.js';

export type TicketRow = typeof tickets.$inferSelect;
export type CommentRow = typeof ticketComments.$inferSelect;
export type TicketStatus = TicketRow['status'];
export type TicketPriority = TicketRow['priority'];

interface Page {
  limit: number;
  offset: number;
}

export async function insertTicket(db: Db, values: typeof tickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

export async function findBusinessTicket(db: Db, businessId: string, id: string): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.businessId, businessId)));
  return row ?? null;
}

/** Admins only: any business's ticket. */
export async function findAnyTicket(db: Db, id: string): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row ?? null;
}

export async function listBusinessTickets(
  db: Db,
  businessId: string,
  page: Page,
): Promise<{ rows: TicketRow[]; total: number }> {
  const where = eq(tickets.businessId, businessId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(tickets).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export interface AdminTicketRow {
  ticket: TicketRow;
  business: { id: string; companyName: string | null; email: string };
}

/** Every business's tickets, filtered by status and by a search over question, company name and e-mail. */
export async function listAllTickets(
  db: Db,
  filter: { status?: TicketStatus; search?: string },
  page: Page,
): Promise<{ rows: AdminTicketRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(tickets.status, filter.status));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(tickets.question, pattern),
        ilike(businesses.companyName, pattern),
        ilike(accounts.email, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const from = () =>
    db
      .select({
        ticket: tickets,
        business: { id: businesses.id, companyName: businesses.companyName, email: accounts.email },
      })
      .from(tickets)
      .innerJoin(businesses, eq(businesses.id, tickets.businessId))
      .innerJoin(accounts, eq(accounts.id, businesses.accountId))
      .where(where);
  const [rows, [count]] = await Promise.all([
    from().orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tickets)
      .innerJoin(businesses, eq(businesses.id, tickets.businessId))
      .innerJoin(accounts, eq(accounts.id, businesses.accountId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The comments of several tickets in one query, oldest first (a conversation reads top to bottom). */
export async function commentsOf(db: Db, ticketIds: string[]): Promise<Map<string, CommentRow[]>> {
  const byTicket = new Map<string, CommentRow[]>(ticketIds.map((id) => [id, []]));
  if (!ticketIds.length) return byTicket;
  const rows = await db
    .select()
    .from(ticketComments)
    .where(inArray(ticketComments.ticketId, ticketIds))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  for (const row of rows) byTicket.get(row.ticketId)?.push(row);
  return byTicket;
}

/** Adds a comment and marks the ticket as updated, in one transaction. */
export async function insertComment(db: Db, values: typeof ticketComments.$inferInsert): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(ticketComments).values(values).returning();
    await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, values.ticketId));
    return row!;
  });
}

/**
 * Sets status (and priority when given) and returns the ticket with its status before the change, read
 * under the row lock so that two admins changing it at once each see what they replaced.
 */
export async function updateTicketStatus(
  db: Db,
  id: string,
  change: { status: TicketStatus; priority?: TicketPriority },
): Promise<{ ticket: TicketRow; previousStatus: TicketStatus } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, id))
      .for('update');
    if (!before) return null;
    const [ticket] = await tx
      .update(tickets)
      .set({ status: change.status, ...(change.priority ? { priority: change.priority } : {}) })
      .where(eq(tickets.id, id))
      .returning();
    return { ticket: ticket!, previousStatus: before.status };
  });
}
