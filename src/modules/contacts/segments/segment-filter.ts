import { z } from 'zod';
import { TAG_MAX } from '../contact-fields.js';
import { FIELD_KEY } from '../custom-fields/field-types.js';

/**
 * A segment's filter as the API takes it: conditions joined by `match` (all or any), of which some may be
 * a group (one level) with a `match` of its own. Shapes are checked here; what depends on the business
 * (a field's type and its operators, a campaign's existence) is checked by the compiler, naming the path.
 */
const text = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(200)
  .refine((v) => !v.includes('\u0000'), 'No NUL');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD');
const days = z.number().int().min(1).max(3650).describe('Within the last this many days');

export const TEXT_OPS = ['equals', 'contains', 'startsWith'] as const;
export const FIELD_OPS = [
  'equals',
  'contains',
  'startsWith',
  'greaterThan',
  'lessThan',
  'before',
  'after',
  'withinLastDays',
  'isEmpty',
  'isNotEmpty',
] as const;
export const ENGAGEMENT_EVENTS = ['received', 'delivered', 'read', 'clicked', 'replied'] as const;

const condition = z.discriminatedUnion('on', [
  z.object({ on: z.literal('name'), op: z.enum(TEXT_OPS), value: text }),
  z.object({ on: z.literal('phoneNumber'), op: z.enum(TEXT_OPS), value: text }),
  z.object({
    on: z.literal('country'),
    op: z.enum(['equals', 'notEquals']),
    value: z.string().regex(/^[A-Za-z]{2}$/, 'An ISO 3166 country code such as NG'),
  }),
  z.object({
    on: z.literal('tag'),
    op: z.enum(['has', 'hasNot']),
    value: z.string().trim().min(1).max(TAG_MAX),
  }),
  z.object({ on: z.literal('optIn'), op: z.literal('equals'), value: z.boolean() }),
  z.object({
    on: z.literal('createdAt'),
    op: z.enum(['before', 'after', 'withinLastDays']),
    value: z.union([date, days]),
  }),
  z.object({
    on: z.literal('field'),
    key: z.string().regex(FIELD_KEY, 'A contact field key'),
    op: z.enum(FIELD_OPS),
    value: z.union([z.string().max(500), z.number(), z.boolean()]).optional(),
  }),
  z.object({
    on: z.literal('campaign'),
    event: z.enum(ENGAGEMENT_EVENTS),
    campaignId: z
      .uuid('Must be a campaign id')
      .optional()
      .describe('A given campaign; any campaign when left out'),
    withinDays: days,
  }),
  z.object({ on: z.literal('lastInbound'), withinDays: days }),
]);
export type Condition = z.output<typeof condition>;

const match = z.enum(['all', 'any']);
const group = z.object({
  on: z.literal('group'),
  match,
  conditions: z.array(condition).min(1, 'A group needs a condition').max(20),
});
export type Group = z.output<typeof group>;

export const segmentFilter = z.object({
  match,
  conditions: z
    .array(z.discriminatedUnion('on', [group, ...condition.options]))
    .min(1, 'A filter needs a condition')
    .max(20),
});
export type SegmentFilter = z.output<typeof segmentFilter>;
