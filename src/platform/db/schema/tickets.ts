import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { businesses } from './businesses.js';
import { createdAt, id, updatedAt } from './columns.js';
import { ticketIssueTypeEnum, ticketPriorityEnum, ticketStatusEnum } from './enums.js';

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    issueType: ticketIssueTypeEnum('issue_type').notNull(),
    question: text('question').notNull(),
    uploadFileUrl: text('upload_file_url').array().notNull().default(sql`'{}'::text[]`),
    status: ticketStatusEnum('status').notNull().default('pending'),
    priority: ticketPriorityEnum('priority').notNull().default('medium'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tickets_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('tickets_question_trgm_idx').using('gin', sql`${t.question} gin_trgm_ops`),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorAccountId: uuid('author_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** `business` or `admin`: who wrote it, as the ticket's owner sees it. */
    authorType: text('author_type').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_comments_ticket_created_idx').on(t.ticketId, t.createdAt)],
);
