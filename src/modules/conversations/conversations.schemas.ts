import { z } from 'zod';
import { ASSIGNMENT_MODES } from '../../platform/db/schema/index.js';
import { pageQuery, queryBoolean } from '../../platform/http/pagination.js';
import { TAG_MAX } from '../contacts/index.js';
import { templateParameters } from '../templates/index.js';
import { interactiveReply } from './reply-interactive.js';

export {
  conversationMessageSchema,
  conversationSchema,
} from '../../platform/realtime-conversation.js';

export const conversationsQuery = pageQuery.extend({
  unread: queryBoolean
    .optional()
    .describe('true: only conversations with unread messages; false: only read ones'),
  status: z.enum(['open', 'closed']).optional(),
  tag: z.string().trim().min(1).max(TAG_MAX).optional().describe('only contacts carrying this tag'),
  search: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe("the contact's name or number, or the text of a message"),
  assignee: z
    .union([z.enum(['me', 'unassigned']), z.uuid()], {
      error: "Must be me, unassigned or a member's account id",
    })
    .optional()
    .describe(
      "`me`: assigned to the caller; `unassigned`; or a member's account id (an agent sees only its own and unassigned ones, so another member's is an empty page)",
    ),
});
export type ConversationsQuery = z.output<typeof conversationsQuery>;

/** The three kinds of reply: free text, a medium the business uploaded, or an approved template. */
export const replyBody = z
  .object({
    text: z.string().trim().min(1, 'Required').max(4096).optional(),
    mediaKey: z.string().min(1).max(512).optional().describe('the `key` of an upload of the business'),
    caption: z.string().trim().max(1024).optional(),
    templateId: z.uuid({ message: 'Must be a UUID' }).optional(),
    templateParameters: templateParameters.optional(),
    interactive: interactiveReply
      .optional()
      .describe('reply buttons (1 to 3) or a list (1 to 10 rows), inside the window only'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const kinds = [b.text, b.mediaKey, b.templateId, b.interactive].filter((v) => v !== undefined).length;
    if (kinds !== 1)
      ctx.addIssue({
        code: 'custom',
        path: [kinds === 0 ? 'text' : b.text !== undefined ? 'text' : 'mediaKey'],
        message: 'Send exactly one of text, mediaKey, templateId or interactive',
      });
    if (b.caption !== undefined && b.mediaKey === undefined)
      ctx.addIssue({ code: 'custom', path: ['caption'], message: 'A caption goes with a mediaKey' });
    if (b.templateParameters !== undefined && b.templateId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['templateParameters'],
        message: 'templateParameters go with a templateId',
      });
  });
export type ReplyBody = z.output<typeof replyBody>;

export const statusBody = z.object({ status: z.enum(['open', 'closed']) }).strict();

export const unreadSchema = z.object({
  conversations: z.number().int().describe('conversations with at least one unread message'),
});

export const assigneeBody = z
  .object({
    assigneeId: z
      .uuid({ message: 'Must be a UUID' })
      .nullable()
      .describe("the member's account id (its role must allow `inbox:reply`); null: unassigned"),
  })
  .strict();

export const assignmentSettingsSchema = z.object({
  mode: z
    .enum(ASSIGNMENT_MODES)
    .describe(
      '`off`; `round_robin`: the available member assigned least recently; `least_open`: the one holding the fewest open conversations',
    ),
  capacity: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .nullable()
    .describe('the open conversations automatic assignment gives one member at most; null: no cap'),
});
export const assignmentSettingsBody = assignmentSettingsSchema.strict();
