import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessageCategory } from '../../../vocabulary/categories.js';
import { businesses } from './businesses.js';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';

/** A template's category and approval status, in the Cloud API's own words (the API and real time show them). */
/** Meta's spelling of the categories (`vocabulary/categories.ts`) on its template API. */
export const TEMPLATE_CATEGORIES = [
  'MARKETING',
  'UTILITY',
  'AUTHENTICATION',
] as const satisfies readonly Uppercase<MessageCategory>[];
export const TEMPLATE_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'LIMIT_EXCEEDED',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * Message templates of a business: for a Cloud API business, a copy of what the provider holds (its id and
 * approval status); for a gateway business, the text its provider approved, declared by the business.
 * `components` are in the Cloud API's own format.
 */
export const templates = pgTable(
  'templates',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').$type<TemplateCategory>().notNull(),
    status: text('status').$type<TemplateStatus>().notNull().default('PENDING'),
    components: jsonb('components').notNull(),
    /** `POSITIONAL` ({{1}}) or `NAMED` ({{first_name}}): the provider's `parameter_format`. */
    parameterFormat: text('parameter_format').$type<'POSITIONAL' | 'NAMED'>().notNull().default('POSITIONAL'),
    rejectedReason: text('rejected_reason'),
    /** Meta's explanation of a rejection (`rejection_info`: `reason`, `recommendation`); null otherwise. */
    rejectionInfo: jsonb('rejection_info').$type<{ reason: string | null; recommendation: string | null }>(),
    /** `gateway` or `whatsapp-cloud`: the provider the business used when the template was made. */
    provider: text('provider').$type<'gateway' | 'whatsapp-cloud'>().notNull(),
    providerTemplateId: text('provider_template_id'),
    /** The WhatsApp Business Account the template belongs to (Cloud only). */
    wabaId: text('waba_id'),
    /**
     * The time (webhook `entry.time`) of the status event and of the category event last applied: an older
     * event arriving later changes nothing (docs/decisions/cloud-api.md "Are template events deduplicated?").
     */
    statusEventAt: timestamptz('status_event_at'),
    categoryEventAt: timestamptz('category_event_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('templates_category_check', sql`${t.category} IN ('MARKETING', 'UTILITY', 'AUTHENTICATION')`),
    check(
      'templates_status_check',
      sql`${t.status} IN ('PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION', 'LIMIT_EXCEEDED')`,
    ),
    check('templates_provider_check', sql`${t.provider} IN ('gateway', 'whatsapp-cloud')`),
    check('templates_parameter_format_check', sql`${t.parameterFormat} IN ('POSITIONAL', 'NAMED')`),
    uniqueIndex('templates_business_name_language_key').on(t.businessId, t.name, t.language),
    index('templates_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('templates_provider_template_idx')
      .on(t.wabaId, t.providerTemplateId)
      .where(sql`${t.providerTemplateId} IS NOT NULL`),
  ],
);
