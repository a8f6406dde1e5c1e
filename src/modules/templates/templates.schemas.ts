import { z } from 'zod';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type TemplateStatus,
} from '../../platform/db/schema/templates.js';
import { pageQuery, pageSchema } from '../../platform/http/pagination.js';
import { ROOM_EVENTS, type RoomEvents } from '../../platform/realtime-events.js';

export { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES, type TemplateStatus };
export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const BUTTON_TYPES = ['URL', 'QUICK_REPLY', 'PHONE_NUMBER'] as const;

/** `en_US`, `pt_BR`, `en`, `fil`: the Cloud API's language and locale codes. */
const languageCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Must be a language code such as en_US or fr');

/**
 * Components in the Cloud API's own format, so a template copies between the two. The shapes are checked
 * here; the provider's rules (lengths, variables, examples, button counts) in `template-rules.ts`.
 */
const header = z.object({
  type: z.literal('HEADER'),
  format: z.enum(HEADER_FORMATS),
  text: z.string().optional(),
  example: z
    .object({
      header_text: z.array(z.string()).optional(),
      header_handle: z.array(z.string()).optional(),
    })
    .optional(),
});
const body = z.object({
  type: z.literal('BODY'),
  text: z.string(),
  example: z.object({ body_text: z.array(z.array(z.string())).optional() }).optional(),
});
const footer = z.object({ type: z.literal('FOOTER'), text: z.string() });
const button = z.object({
  type: z.enum(BUTTON_TYPES),
  text: z.string(),
  url: z.string().optional(),
  phone_number: z.string().optional(),
  example: z.array(z.string()).optional(),
});
const buttons = z.object({ type: z.literal('BUTTONS'), buttons: z.array(button) });

export const templateComponent = z.discriminatedUnion('type', [header, body, footer, buttons]);
export type TemplateComponentInput = z.output<typeof templateComponent>;

export const createTemplateBody = z.object({
  name: z.string().trim(),
  language: languageCode,
  category: z.enum(TEMPLATE_CATEGORIES),
  components: z.array(templateComponent).min(1).max(4),
});
export type CreateTemplateInput = z.output<typeof createTemplateBody>;

export const listTemplatesQuery = pageQuery.extend({
  status: z.enum(TEMPLATE_STATUSES).optional(),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  language: languageCode.optional(),
});
export type ListTemplatesQuery = z.output<typeof listTemplatesQuery>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  status: z.enum(TEMPLATE_STATUSES),
  components: z.array(z.record(z.string(), z.unknown())).describe("In the Cloud API's format"),
  rejectedReason: z.string().nullable().describe('Why the provider rejected it; null otherwise'),
  rejection: z
    .object({ reason: z.string().nullable(), recommendation: z.string().nullable() })
    .nullable()
    .describe("Meta's explanation of a rejection and what to change (`rejection_info`); null otherwise"),
  provider: z.enum(['gateway', 'whatsapp-cloud']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateDto = z.output<typeof templateSchema>;

export const templatePageSchema = pageSchema(templateSchema);

export const syncResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  total: z.number().int().describe('Templates the provider holds for the account'),
});

/** The `templateStatus` real-time event, declared with every other event of the channel. */
export const templateStatusEventSchema = ROOM_EVENTS.templateStatus.payload;
export type TemplateStatusEvent = RoomEvents['templateStatus'];

/** How one variable of a campaign's template is filled: a contact's field, or the same text for everyone. */
export const templateParameter = z.union([
  z.object({ field: z.enum(['firstName', 'lastName', 'phoneNumber']) }).strict(),
  z.object({ text: z.string().trim().min(1).max(1024) }).strict(),
]);
export type TemplateParameter = z.output<typeof templateParameter>;

/**
 * A campaign's `templateParameters`: one entry per variable, `{{1}}` first: `body` for the body's, `header`
 * for a text header's, `buttons` for each URL button with a variable (in button order), and
 * `headerMediaUrl` for an image, video or document header.
 */
export const templateParameters = z
  .object({
    header: z.array(templateParameter).max(1).optional(),
    body: z.array(templateParameter).max(100).default([]),
    buttons: z.array(templateParameter).max(2).optional(),
    headerMediaUrl: z
      .url({ protocol: /^https$/, message: 'Must be an https URL' })
      .max(2048)
      .optional(),
  })
  .strict();
export type TemplateParameters = z.output<typeof templateParameters>;
