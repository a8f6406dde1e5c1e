import { z } from 'zod';
import { AUTOMATION_MATCH_MODES, AUTOMATION_TRIGGERS, WEEKDAYS } from '../../platform/db/schema/index.js';
import { pageQuery } from '../../platform/http/pagination.js';
import { replyBody } from '../conversations/index.js';

const when = z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' });

const ruleFields = {
  name: z.string().trim().min(1, 'Required').max(100),
  trigger: z
    .enum(AUTOMATION_TRIGGERS)
    .describe(
      '`keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`',
    ),
  matchMode: z
    .enum(AUTOMATION_MATCH_MODES)
    .nullable()
    .describe(
      'keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit',
    ),
  pattern: z.string().trim().min(1, 'Required').max(200).nullable(),
  choiceId: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(256)
    .nullable()
    .describe('choice only: the button or row id'),
  priority: z.number().int().min(-1000).max(1000).describe('the highest wins between matching rules'),
  reply: replyBody.describe(
    "what is sent: `text`, `mediaKey` (+ `caption`), `templateId` (+ `templateParameters`) or `interactive` (buttons or a list, held to Meta's limits)",
  ),
  enabled: z.boolean(),
  activeFrom: when.nullable(),
  activeUntil: when.nullable(),
  cooldownSeconds: z
    .number()
    .int()
    .min(0)
    .max(604_800)
    .nullable()
    .describe("this rule's cooldown per contact; null: the business's"),
};

export const createRuleBody = z
  .object({
    ...ruleFields,
    matchMode: ruleFields.matchMode.optional(),
    pattern: ruleFields.pattern.optional(),
    choiceId: ruleFields.choiceId.optional(),
    priority: ruleFields.priority.optional(),
    enabled: ruleFields.enabled.optional(),
    activeFrom: ruleFields.activeFrom.optional(),
    activeUntil: ruleFields.activeUntil.optional(),
    cooldownSeconds: ruleFields.cooldownSeconds.optional(),
  })
  .strict();
export type CreateRuleBody = z.output<typeof createRuleBody>;

export const updateRuleBody = z.object(ruleFields).partial().strict();
export type UpdateRuleBody = z.output<typeof updateRuleBody>;

export const ruleSchema = z.object({
  id: z.string(),
  ...ruleFields,
  reply: z.object({}).catchall(z.unknown()),
  usesCount: z.number().int().describe('automated replies this rule queued'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RuleDto = z.output<typeof ruleSchema>;

export const rulesQuery = pageQuery;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Must be HH:MM (00:00 to 24:00)');
const day = z
  .array(
    z
      .object({ open: hhmm, close: hhmm })
      .strict()
      .refine((i) => i.open < i.close, { message: 'Must close after it opens', path: ['close'] }),
  )
  .max(6)
  .describe('open intervals, local time, open <= t < close; empty: closed all day');

export const businessHoursBody = z
  .object({
    timeZone: z.string().min(1).max(64).refine(validTimeZone, 'Must be an IANA time zone (Africa/Lagos)'),
    week: z
      .object(
        Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<(typeof WEEKDAYS)[number], typeof day>,
      )
      .strict(),
  })
  .strict();
export type BusinessHoursBody = z.output<typeof businessHoursBody>;
export const businessHoursSchema = businessHoursBody.nullable();

export const automationSettingsBody = z
  .object({
    optOutWords: z
      .array(z.string().trim().min(1).max(40))
      .min(1)
      .max(50)
      .optional()
      .describe(
        'words that opt a contact out (whole message, case and accents ignored); default STOP, UNSUBSCRIBE and their usual translations',
      ),
    cooldownSeconds: z.number().int().min(0).max(604_800).optional(),
    dailyCap: z.number().int().min(1).max(1000).optional(),
  })
  .strict();
export type AutomationSettingsBody = z.output<typeof automationSettingsBody>;
export const automationSettingsSchema = z.object({
  optOutWords: z.array(z.string()),
  cooldownSeconds: z
    .number()
    .int()
    .describe('one automated reply per rule and contact within it (default 3600)'),
  dailyCap: z.number().int().describe('automated replies a contact gets in 24 hours at most (default 10)'),
  configured: z.boolean().describe('false: never saved; the built-in opt-out words apply'),
});
export type AutomationSettingsDto = z.output<typeof automationSettingsSchema>;

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
