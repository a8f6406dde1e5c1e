import { z } from 'zod';
import { CONVERSATION_MESSAGE_TYPES } from '../vocabulary/message-kinds.js';
import { REPLY_STATES } from '../vocabulary/reply-states.js';

/**
 * The shapes of a conversation and of one of its messages, as the API answers them and as the
 * `conversationMessage` real-time event carries them (declared here so the event's contract and the
 * routes' schemas are one).
 */
export { CONVERSATION_MESSAGE_TYPES };

export const conversationSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  phoneNumber: z.string(),
  name: z.string().nullable().describe("the contact's name; null when it has none"),
  status: z.enum(['open', 'closed']),
  unreadCount: z.number().int(),
  lastMessageAt: z.string(),
  lastMessageText: z.string().nullable(),
  tags: z.array(z.string()),
  assigneeId: z
    .string()
    .nullable()
    .describe('the member (account id) the conversation is assigned to; null while unassigned'),
  windowEndsAt: z
    .string()
    .nullable()
    .describe(
      "end of the customer-service window (24 hours after the contact's last message); null when it is closed",
    ),
});

export const conversationMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  type: z.enum(CONVERSATION_MESSAGE_TYPES),
  text: z.string().nullable(),
  status: z.enum(REPLY_STATES),
  mediaUrl: z.string().nullable().describe('our stored copy of its media'),
  mediaType: z.string().nullable(),
  mediaStatus: z
    .enum(['pending', 'fetched', 'failed'])
    .nullable()
    .describe(
      'a medium the contact sent: `pending` while it is fetched into our storage, `fetched` once `mediaUrl` has it, `failed` when it could not be kept (`error` says why); null for messages without one',
    ),
  details: z
    .object({})
    .catchall(z.unknown())
    .nullable()
    .describe(
      'what a reaction, location (`url` too), shared contact, button or list reply (`payload`, `description`), ' +
        'voice note (`voice`) or unsupported message (`unsupportedType`, `errorCode`, `reason`) carries; ' +
        "a reply's `context` ({ from, id }: the message it answers)",
    ),
  error: z.string().nullable(),
  campaignId: z.string().nullable().describe('set for the messages of a campaign'),
  createdAt: z.string(),
  replyTo: z
    .object({
      messageId: z
        .string()
        .describe('the message it answers: a campaign message of the thread, or one of our replies'),
      campaignId: z.string().nullable().describe('the campaign of the campaign message it answers'),
      campaignName: z.string().nullable(),
      text: z.string().nullable().describe('the text of our reply it answers'),
    })
    .nullable()
    .describe(
      'an inbound reply: what it answers (its `details.context` names the provider id); null when it answers nothing we sent',
    ),
  interactive: z
    .object({})
    .catchall(z.unknown())
    .nullable()
    .optional()
    .describe('our reply buttons or list, as the Cloud API sends them (`interactive`)'),
  automation: z
    .object({ ruleId: z.string(), ruleName: z.string() })
    .nullable()
    .optional()
    .describe("an automated reply: the rule that sent it and its name then; null for a member's"),
  pricing: z
    .object({
      billable: z.boolean().nullable(),
      pricing_model: z.string().nullable(),
      category: z.string().nullable(),
      type: z.string().nullable(),
    })
    .nullable()
    .describe(
      "a reply's or campaign message's Cloud status `pricing` (the first status that gave one); `billable: false`: WhatsApp did not bill it",
    ),
});

export const conversationMessagePayload = z.object({
  conversation: conversationSchema,
  message: conversationMessageSchema,
});

export const conversationAssignedPayload = z.object({
  conversation: conversationSchema.describe('the conversation as it stands, `assigneeId` its new assignee'),
  previousAssigneeId: z.string().nullable().describe('who held it before (account id); null: unassigned'),
  assignedBy: z
    .string()
    .nullable()
    .describe('the account that assigned, took or released it; null for an automatic assignment'),
});
