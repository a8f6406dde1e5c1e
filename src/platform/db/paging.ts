import { desc } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { type PageQuery, pageOffset } from '../http/pagination.js';

/**
 * One page of a list in the API's order: newest first, then by id, so rows created in the same instant
 * keep one order from page to page. `query` is a `$dynamic()` select on `table` (or joined to it).
 */
export function newestFirstPage<Q extends PgSelect>(
  query: Q,
  table: { createdAt: PgColumn; id: PgColumn },
  page: PageQuery,
) {
  return query.orderBy(desc(table.createdAt), desc(table.id)).limit(page.pageSize).offset(pageOffset(page));
}
