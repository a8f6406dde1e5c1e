import { z } from 'zod';
import { pageQuery, pageSchema, queryBoolean } from '../../platform/http/pagination.js';
import { NAME_MAX, TAG_MAX, TAGS_MAX } from './contact-fields.js';

const noNul = (v: string) => !v.includes('\u0000');
const name = z.string().trim().min(1, 'Required').max(NAME_MAX).refine(noNul, 'Must not contain NUL');
const phone = z.string().trim().min(1, 'Required').max(32);
const tags = z.array(z.string().max(TAG_MAX).refine(noNul, 'Must not contain NUL')).max(TAGS_MAX);

const fieldValues = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .describe("Values of the business's contact fields by key; null (or blank) removes one")
  .refine((v) => Object.keys(v).length <= 50, 'At most 50 fields');

export const createContactBody = z.object({
  firstName: name,
  lastName: name,
  phoneNumber: phone,
  tags: tags.optional(),
  optIn: z.boolean().optional(),
  fields: fieldValues.optional(),
});
export type CreateContactInput = z.output<typeof createContactBody>;

export const updateContactBody = z.object({
  firstName: name.optional(),
  lastName: name.optional(),
  phoneNumber: phone.optional(),
  tags: tags.optional(),
  optIn: z.boolean().optional(),
  fields: fieldValues.optional(),
});
export type UpdateContactInput = z.output<typeof updateContactBody>;

// No length cap of its own: a path id of any length the router passes is a contact id or a 404 (decisions).
export { lookupIdParams as contactParams } from '../../platform/http/id-params.js';

/** The contacts of a saved segment, or of an unsaved filter (JSON, as `POST /segments` takes it). */
const segmentQuery = {
  segmentId: z.string().min(1).max(100).optional().describe('Only the contacts of this segment'),
  filter: z.string().min(1).max(16_000).optional().describe('Only the contacts of this filter (JSON text)'),
};

export const listContactsQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  optIn: queryBoolean.optional(),
  tag: z.string().trim().min(1).max(TAG_MAX).optional(),
  ...segmentQuery,
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'An ISO 3166 alpha-2 country code')
    .transform((v) => v.toUpperCase())
    .optional(),
});
export type ListContactsQuery = z.output<typeof listContactsQuery>;

export const exportContactsQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  tag: z.string().trim().min(1).max(TAG_MAX).optional(),
  optIn: queryBoolean.optional(),
  ...segmentQuery,
});
export type ExportContactsQuery = z.output<typeof exportContactsQuery>;

/** Rows are checked one by one by the import (a bad row is reported, not a 400), so each is `unknown` here. */
export const importContactsBody = z.object({
  contacts: z.array(z.unknown()).min(1, 'Must hold at least one contact'),
});

export const importFileBody = z.object({ fileUrl: z.string().trim().min(1, 'Required').max(4096) });

export const bulkDeleteBody = z.object({
  ids: z
    .array(z.uuid({ message: 'Must be a contact id' }))
    .min(1, 'Must hold at least one id')
    .max(10_000),
});

export const contactSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  countryCode: z
    .string()
    .describe('ISO 3166 alpha-2 country of the phone (ZZ: none), which prices its messages'),
  tags: z.array(z.string()),
  optIn: z.boolean(),
  optOutReason: z
    .string()
    .nullable()
    .describe(
      'Why it stopped receiving marketing, when the provider said so (131050, a WhatsApp preference)',
    ),
  fields: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .describe("Values of the business's contact fields by key (a field without a value is left out)"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const contactPageSchema = pageSchema(contactSchema).extend({
  /** True when `total` is the planner's estimate rather than an exact count (very large match sets). */
  totalIsEstimate: z.boolean(),
});

export const importReportSchema = z.object({
  imported: z.number().int(),
  duplicatesSkipped: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  rejectedValues: z
    .array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() }))
    .describe('Contact field values that were not stored (the rest of their row was imported)'),
});

export const bulkTagBody = z
  .object({
    tags: tags.min(1, 'Must hold at least one tag'),
    segmentId: z.string().min(1).max(100).optional(),
    filter: z.unknown().optional().describe('An unsaved filter, as `POST /segments` takes it'),
  })
  .refine((v) => (v.segmentId === undefined) !== (v.filter === undefined), {
    message: 'Give segmentId or filter, one of them',
    path: ['segmentId'],
  });

export const bulkTagResultSchema = z.object({
  tagged: z.number().int().describe('Contacts that gained a tag'),
});

export const bulkDeleteResultSchema = z.object({ deleted: z.number().int() });

export const tagCountSchema = z.object({
  tag: z.string(),
  contacts: z.number().int().describe('Contacts carrying the tag'),
  optedIn: z.number().int().describe('Of those, the opted-in ones (who a campaign by this tag reaches)'),
});
