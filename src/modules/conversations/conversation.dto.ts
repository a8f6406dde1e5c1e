import type { z } from 'zod';
import type { conversationMessageSchema, conversationSchema } from '../../platform/realtime-conversation.js';
import { windowEndsAt } from './conversation-window.js';
import type { ReplyTo } from './reply-context.js';

export type ConversationDto = z.output<typeof conversationSchema>;
export type ConversationMessageDto = z.output<typeof conversationMessageSchema>;

/** A conversation as read (raw SQL: timestamps may come as strings), with its contact's name and tags. */
export interface ConversationRecord {
  id: string;
  contactId: string | null;
  phoneNumber: string;
  firstName: string | null;
  lastName: string | null;
  tags: string[] | null;
  status: 'open' | 'closed';
  unreadCount: number;
  lastMessageAt: Date | string;
  lastInboundAt: Date | string | null;
  lastMessageText: string | null;
  assigneeId: string | null;
}

export interface MessageRecord {
  id: string;
  direction: 'in' | 'out';
  type: string;
  text: string | null;
  status: ConversationMessageDto['status'];
  mediaKey: string | null;
  mediaType: string | null;
  mediaStatus: ConversationMessageDto['mediaStatus'];
  details: Record<string, unknown> | string | null;
  error: string | null;
  campaignId: string | null;
  createdAt: Date | string;
  /** What an inbound reply answers (json: a string from some drivers). */
  replyTo: ReplyTo | string | null;
  /** A Cloud status's `pricing` (json: a string from some drivers). */
  pricing: ConversationMessageDto['pricing'] | string | null;
  /** Our reply buttons or list (json: a string from some drivers). */
  interactive?: Record<string, unknown> | string | null;
  /** An automated reply's rule. */
  automationRuleId?: string | null;
  automationRuleName?: string | null;
}

const iso = (v: Date | string): string => new Date(v).toISOString();

export function toConversationDto(row: ConversationRecord, now = new Date()): ConversationDto {
  const name = [row.firstName, row.lastName].filter((v) => v?.trim()).join(' ');
  const ends = windowEndsAt(row.lastInboundAt, now);
  return {
    id: row.id,
    contactId: row.contactId,
    phoneNumber: row.phoneNumber,
    name: name || null,
    status: row.status,
    unreadCount: Number(row.unreadCount),
    lastMessageAt: iso(row.lastMessageAt),
    lastMessageText: row.lastMessageText,
    tags: row.tags ?? [],
    assigneeId: row.assigneeId ?? null,
    windowEndsAt: ends ? ends.toISOString() : null,
  };
}

export function toMessageDto(row: MessageRecord, urlOf: (key: string) => string): ConversationMessageDto {
  return {
    id: row.id,
    direction: row.direction,
    type: row.type as ConversationMessageDto['type'],
    text: row.text,
    status: row.status,
    mediaUrl: row.mediaKey ? urlOf(row.mediaKey) : null,
    mediaType: row.mediaType,
    mediaStatus: row.mediaStatus ?? null,
    details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
    error: row.error,
    campaignId: row.campaignId,
    createdAt: iso(row.createdAt),
    replyTo: typeof row.replyTo === 'string' ? JSON.parse(row.replyTo) : (row.replyTo ?? null),
    pricing: typeof row.pricing === 'string' ? JSON.parse(row.pricing) : (row.pricing ?? null),
    interactive:
      typeof row.interactive === 'string' ? JSON.parse(row.interactive) : (row.interactive ?? null),
    automation: row.automationRuleId
      ? { ruleId: row.automationRuleId, ruleName: row.automationRuleName ?? '' }
      : null,
  };
}
