import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id } from './columns.js';

export const uploadFiles = pgTable(
  'upload_files',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The object-storage key, so the object can be deleted with the record. */
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    size: text('size'),
    type: text('type'),
    createdAt: createdAt(),
  },
  (t) => [
    index('upload_files_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // One record per stored object: a repeated confirm finds the first one.
    uniqueIndex('upload_files_key_key').on(t.key),
  ],
);
