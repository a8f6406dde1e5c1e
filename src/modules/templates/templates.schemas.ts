import { z } from 'zod';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type TemplateStatus,
} from '../../platform/db/schema/templates.js';
import { pageQuery, pageSchema } from '../../platform/http/pagination.js';
import { ROOM_EVENTS, type RoomEvents } from '../../platform/realtime-events.js';
import { PARAMETER_FORMATS, PARAMETER_NAME } from './template-variables.js';

export { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES, type TemplateStatus };
export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const BUTTON_TYPES = ['URL', 'QUICK_REPLY', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'] as const;
export const OTP_TYPES = ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'] as const;

/** `en_US`, `pt_BR`, `en`, `fil`: the Cloud API's language and locale codes. */
const languageCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Must be a language code such as en_US or fr');

/**
 * Components in the Cloud API's own format, so a template copies between the two. The shapes are checked
 * here; the provider's rules (lengths, variables, examples, button counts) in `template-rules.ts`.
 */
/** A named variable's example (`{ param_name: "first_name", example: "Ada" }`). */
const namedExample = z.object({ param_name: z.string(), example: z.string() });
const header = z.object({
  type: z.literal('HEADER'),
  format: z.enum(HEADER_FORMATS),
  text: z.string().optional(),
  example: z
    .object({
      header_text: z.array(z.string()).optional(),
      header_text_named_params: z.array(namedExample).optional(),
      header_handle: z.array(z.string()).optional(),
    })
    .optional(),
});
const body = z.object({
  type: z.literal('BODY'),
  /** Absent in an authentication template, whose body is the provider's preset text. */
  text: z.string().optional(),
  add_security_recommendation: z.boolean().optional().describe('Authentication templates only'),
  example: z
    .object({
      body_text: z.array(z.array(z.string())).optional(),
      body_text_named_params: z.array(namedExample).optional(),
    })
    .optional(),
});
const footer = z.object({
  type: z.literal('FOOTER'),
  text: z.string().optional(),
  code_expiration_minutes: z.number().int().optional().describe('Authentication templates only: 1 to 90'),
});
const supportedApp = z.object({ package_name: z.string(), signature_hash: z.string() });
const button = z.object({
  type: z.enum(BUTTON_TYPES),
  text: z.string().optional(),
  url: z.string().optional(),
  phone_number: z.string().optional(),
  example: z
    .union([z.array(z.string()), z.string()])
    .optional()
    .describe("A URL button's example URL (a list of one); a COPY_CODE button's example code"),
  otp_type: z.enum(OTP_TYPES).optional().describe('OTP buttons (authentication templates)'),
  autofill_text: z.string().optional(),
  supported_apps: z.array(supportedApp).optional().describe('ONE_TAP and ZERO_TAP buttons: the Android apps'),
  zero_tap_terms_accepted: z.boolean().optional(),
});
const buttons = z.object({ type: z.literal('BUTTONS'), buttons: z.array(button) });

export const templateComponent = z.discriminatedUnion('type', [header, body, footer, buttons]);
export type TemplateComponentInput = z.output<typeof templateComponent>;

export const createTemplateBody = z.object({
  name: z.string().trim(),
  language: languageCode,
  category: z.enum(TEMPLATE_CATEGORIES),
  parameter_format: z
    .enum(PARAMETER_FORMATS)
    .optional()
    .describe('`NAMED` for variables such as {{first_name}}; `POSITIONAL` ({{1}}, {{2}}...) when absent'),
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
  parameterFormat: z
    .enum(PARAMETER_FORMATS)
    .describe('How its variables are written: {{1}} or {{first_name}}'),
  components: z.array(z.record(z.string(), z.unknown())).describe("In the Cloud API's format"),
  rejectedReason: z.string().nullable().describe('Why the provider rejected it; null otherwise'),
  sendable: z
    .boolean()
    .describe(
      'Whether this service can send it (false for a flow or catalog button, say), whatever its status',
    ),
  unsendableReason: z.string().nullable().describe('Why it cannot be sent; null when it can'),
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

/**
 * How one variable of a campaign's template is filled: a contact's field (a built-in one or one of the
 * business's own, by key, with `fallback` for a contact without a value), or the same text for everyone.
 */
export const templateParameter = z.union([
  z
    .object({
      field: z
        .string()
        .regex(
          /^(firstName|lastName|phoneNumber|[a-z][a-z0-9_]{0,39})$/,
          'firstName, lastName, phoneNumber or a contact field key',
        ),
      fallback: z.string().trim().min(1).max(1024).optional().describe('Sent when the contact has no value'),
    })
    .strict(),
  z.object({ text: z.string().trim().min(1).max(1024) }).strict(),
]);
export type TemplateParameter = z.output<typeof templateParameter>;

/** A named template's variables, each by its name: `{ "first_name": { "field": "firstName" } }`. */
const namedParameters = z
  .record(z.string().regex(PARAMETER_NAME, 'Must be a variable name such as first_name'), templateParameter)
  .refine((r) => Object.keys(r).length <= 100, 'At most 100 variables');

/**
 * A campaign's `templateParameters`: `body` for the body's variables, `header` for a text header's (a list,
 * `{{1}}` first, or for a `NAMED` template an object by name), `buttons` for each URL button with a variable
 * (in button order), `headerMediaUrl` for an image, video or document header, and `code` for the code of a
 * copy-code button or of an authentication template.
 */
export const templateParameters = z
  .object({
    header: z.union([z.array(templateParameter).max(1), namedParameters]).optional(),
    body: z.union([z.array(templateParameter).max(100), namedParameters]).default([]),
    buttons: z.array(templateParameter).max(2).optional(),
    headerMediaUrl: z
      .url({ protocol: /^https$/, message: 'Must be an https URL' })
      .max(2048)
      .optional(),
    code: templateParameter
      .optional()
      .describe("The code a COPY_CODE button copies, or an authentication template's one-time password"),
  })
  .strict();
export type TemplateParameters = z.output<typeof templateParameters>;
/** A list of variables `{{1}}` first, or a named template's by name. */
export type TemplateParameterList = TemplateParameter[] | Record<string, TemplateParameter>;
