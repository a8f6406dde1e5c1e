import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses.js';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';

export const AUTOMATION_TRIGGERS = ['keyword', 'welcome', 'away', 'choice'] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];
export const AUTOMATION_MATCH_MODES = ['exact', 'contains', 'starts', 'regex'] as const;
export type AutomationMatchMode = (typeof AUTOMATION_MATCH_MODES)[number];

/**
 * A business's automated answers: a trigger (a keyword with its match mode and pattern, a welcome, an away
 * message, or a button/list choice by its id) and the reply sent (validated as the Cloud API does before it is
 * stored). `uses_count` counts the replies queued. Owned by the automation module.
 */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    trigger: text('trigger', { enum: AUTOMATION_TRIGGERS }).notNull(),
    matchMode: text('match_mode', { enum: AUTOMATION_MATCH_MODES }),
    pattern: text('pattern'),
    choiceId: text('choice_id'),
    priority: integer('priority').notNull().default(0),
    reply: jsonb('reply').$type<Record<string, unknown>>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    activeFrom: timestamptz('active_from'),
    activeUntil: timestamptz('active_until'),
    usesCount: integer('uses_count').notNull().default(0),
    /** Overrides the business's cooldown for this rule (seconds); null: the business's. */
    cooldownSeconds: integer('cooldown_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('automation_rules_business_idx').on(t.businessId, t.createdAt.desc().nullsFirst()),
    check('automation_rules_trigger_check', sql`${t.trigger} IN ('keyword', 'welcome', 'away', 'choice')`),
    check(
      'automation_rules_match_mode_check',
      sql`${t.matchMode} IN ('exact', 'contains', 'starts', 'regex')`,
    ),
  ],
);

/** One interval of a day, local time `HH:MM` (close `24:00` allowed), open <= t < close. */
export interface OpenInterval {
  open: string;
  close: string;
}
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A business's opening hours (no row: always open, so no away message). Owned by the automation module. */
export const businessHours = pgTable('business_hours', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  /** Per weekday its open intervals; an empty list is a closed day. */
  week: jsonb('week').$type<Record<Weekday, OpenInterval[]>>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The opt-out words offered when a business saves its settings without naming them: today's words and their
 * usual translations. Without a row the webhook keeps its built-in words.
 */
export const DEFAULT_OPT_OUT_WORDS = [
  'STOP',
  'UNSUBSCRIBE',
  'OPT OUT',
  'ARRET',
  'DESABONNER',
  'PARAR',
  'BAJA',
  'CANCELAR',
  'SAIR',
  'STOPP',
  'ABMELDEN',
  'ANNULLA',
] as const;

/** A business's automation settings (no row: the defaults). Owned by the automation module. */
export const automationSettings = pgTable(
  'automation_settings',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    optOutWords: text('opt_out_words').array().notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull().default(3600),
    dailyCap: integer('daily_cap').notNull().default(10),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('automation_settings_cooldown_check', sql`${t.cooldownSeconds} BETWEEN 0 AND 604800`),
    check('automation_settings_cap_check', sql`${t.dailyCap} BETWEEN 1 AND 1000`),
  ],
);

/** Each automated reply queued (rule, conversation, when): what the cooldown and the daily cap count. */
export const automationSends = pgTable(
  'automation_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('automation_sends_conversation_idx').on(t.conversationId, t.sentAt)],
);

/** Contacts that sent an opt-out word (until an opt-in): they get no automated reply. */
export const automationOptOuts = pgTable(
  'automation_opt_outs',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'automation_opt_outs_pkey', columns: [t.businessId, t.phoneNumber] })],
);

/**
 * Automated replies decided at ingest and not yet queued: the webhook writes one row per reply in one
 * statement, and the automation job bills and queues them in batches (one wallet lock per batch, not one per
 * reply), so ingest never waits on billing. Owned by the automation module.
 */
export const automationPending = pgTable(
  'automation_pending',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('automation_pending_business_idx').on(t.businessId, t.id)],
);
