/**
 * The message-state model, defined once. The `message_status` enum, the counters' columns and the triggers
 * that keep them (`functions.ts`), the API's lists and schemas, the funnel, the order receipts move a
 * message in, and the web console's lists (generated into `web/src/api/model.ts` by `npm run web:api`) are
 * all derived from the definitions below. Owner: the messages module, which re-exports it; it lives in
 * `vocabulary/` with the other shared words because the database schema and the console need it too.
 *
 * Adding a state: add it to `MESSAGE_STATES` (in enum order: the database enum gets it at that place) and to
 * `MESSAGE_STATE_MODEL`, run `npm run db:functions` (a migration with the new enum value and the changed
 * trigger functions), `npm run web:api`, then follow the compiler. A new milestone also needs its
 * `<milestone>_at` column on `campaign_messages` and a column in `message_activity` (a hand-written migration).
 */

/** Every state a campaign message can be in, in the order of the database enum. */
export const MESSAGE_STATES = ['held', 'queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * The funnel's milestones, in order: how far a message got ("reached at least"). A read message was
 * delivered and sent; a message that failed after the gateway accepted it was sent.
 */
export const MILESTONES = ['sent', 'delivered', 'read'] as const;
export type Milestone = (typeof MILESTONES)[number];

/**
 * Milestones a message reaches by what its recipient does rather than by a state: a clicked message may be
 * delivered or read (or neither, when the phone sends no receipts); a replied one was answered (an inbound
 * message whose context names it). Each is the message's `<name>_at`
 * (set once, the first time) and a counter of its own in `campaign_counters` (messages with it set).
 */
export const ENGAGEMENTS = ['clicked', 'replied'] as const;
export type Engagement = (typeof ENGAGEMENTS)[number];

/** The funnel's steps as reports and the console show them: the milestones, then the engagements. */
export const FUNNEL = [...MILESTONES, ...ENGAGEMENTS] as const;
export type FunnelStep = (typeof FUNNEL)[number];

/**
 * What the activity counts per minute (`message_activity`), each from the message's `<kind>_at` timestamp:
 * every milestone, and failures.
 */
export const ACTIVITY_KINDS = [...MILESTONES, 'failed', ...ENGAGEMENTS] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface MessageStateModel {
  /**
   * The `campaign_counters` column that counts messages in this state (a state's own name, or the state it
   * is counted with: `sending` is counted within `queued`, so a claim never locks the counters row).
   */
  readonly counter: MessageState;
  /** Waiting to be sent: a campaign with such messages is not complete. */
  readonly pending: boolean;
  /** The milestones a message in this state has reached. */
  readonly reached: readonly Milestone[];
  /**
   * The place in the order delivery reports move a message (a report only ever moves it to a higher
   * rank); null for the states reports never give. Reports name the state they give.
   */
  readonly receiptRank: number | null;
  /** What the console calls a message in this state. */
  readonly label: string;
}

export const MESSAGE_STATE_MODEL = {
  held: { counter: 'held', pending: true, reached: [], receiptRank: null, label: 'Held' },
  queued: { counter: 'queued', pending: true, reached: [], receiptRank: null, label: 'Queued' },
  sending: { counter: 'queued', pending: true, reached: [], receiptRank: null, label: 'Sending' },
  sent: { counter: 'sent', pending: false, reached: ['sent'], receiptRank: 1, label: 'Sent' },
  delivered: {
    counter: 'delivered',
    pending: false,
    reached: ['sent', 'delivered'],
    receiptRank: 3,
    label: 'Delivered',
  },
  read: {
    counter: 'read',
    pending: false,
    reached: ['sent', 'delivered', 'read'],
    receiptRank: 4,
    label: 'Read',
  },
  // A failed message the gateway had accepted (it has a provider message id) is also counted apart, in
  // `failed_after_sent`, and counts as sent in the funnel (`FAILED_AFTER_SENT`).
  failed: { counter: 'failed', pending: false, reached: [], receiptRank: 2, label: 'Failed' },
} as const satisfies Record<MessageState, MessageStateModel>;

/** The state whose messages are counted per reason (`campaign_failure_reasons`). */
export const FAILED_STATE = 'failed' satisfies MessageState;

/** Failed messages the gateway had accepted: a counter of their own, and the milestones they reached. */
export const FAILED_AFTER_SENT: {
  readonly column: 'failed_after_sent';
  readonly reached: readonly Milestone[];
} = {
  column: 'failed_after_sent',
  reached: ['sent'],
};

/** The milestones a message in state `s` has reached. */
export const reachedBy = (s: MessageState): readonly Milestone[] => MESSAGE_STATE_MODEL[s].reached;

/** The states that have a counter of their own, in enum order (`campaign_counters` has one column each). */
export type CountedState = (typeof MESSAGE_STATE_MODEL)[MessageState]['counter'];
export const COUNTED_STATES: readonly CountedState[] = MESSAGE_STATES.filter(
  (s): s is CountedState => MESSAGE_STATE_MODEL[s].counter === s,
);

/** The states a counter counts (`queued`: queued and sending). */
export function statesCountedAs(counter: CountedState): MessageState[] {
  return MESSAGE_STATES.filter((s) => MESSAGE_STATE_MODEL[s].counter === counter);
}

/** The states that wait to be sent. */
export const PENDING_STATES: readonly MessageState[] = MESSAGE_STATES.filter(
  (s) => MESSAGE_STATE_MODEL[s].pending,
);

/** The states that reached `milestone` (not counting failed ones that had: see `FAILED_AFTER_SENT`). */
export function statesReaching(milestone: Milestone): MessageState[] {
  return MESSAGE_STATES.filter((s) => reachedBy(s).includes(milestone));
}

/** The states delivery reports give. */
export type ReceiptState = {
  [S in MessageState]: (typeof MESSAGE_STATE_MODEL)[S]['receiptRank'] extends number ? S : never;
}[MessageState];
/** The states delivery reports give, lowest rank first. */
export const RECEIPT_STATES: readonly ReceiptState[] = MESSAGE_STATES.filter(
  (s): s is ReceiptState => MESSAGE_STATE_MODEL[s].receiptRank !== null,
).sort((a, b) => (MESSAGE_STATE_MODEL[a].receiptRank ?? 0) - (MESSAGE_STATE_MODEL[b].receiptRank ?? 0));

/**
 * SQL for the order delivery reports move a message in, shared by campaign messages and inbox replies:
 * `CASE <expr> WHEN 'sent' THEN 1 ... END`, the rank of the state `expr` names (`otherwise` for other states,
 * NULL without it). Plain text: the callers wrap it in their query builder.
 */
export function receiptRankSql(expr: string, otherwise?: string): string {
  const whens = RECEIPT_STATES.map((s) => `WHEN '${s}' THEN ${MESSAGE_STATE_MODEL[s].receiptRank}`).join(' ');
  return `CASE ${expr} ${whens}${otherwise === undefined ? '' : ` ELSE ${otherwise}`} END`;
}

/** SQL for the state of the rank `expr` gives (the inverse of `receiptRankSql`), as text. */
export function stateOfReceiptRankSql(expr: string): string {
  const whens = RECEIPT_STATES.map((s) => `WHEN ${MESSAGE_STATE_MODEL[s].receiptRank} THEN '${s}'`).join(' ');
  return `(CASE ${expr} ${whens} END)`;
}

/** One entry per key, in the keys' order: the way every per-state or per-milestone record is built. */
export function recordOf<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  return Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, V>;
}

/** Counts as the counters keep them: one per counted state, and the failed messages that had been sent. */
export type CounterCounts = Record<CountedState, number> &
  Record<Engagement, number> & { failedAfterSent: number };

/** The funnel: how many messages reached at least each milestone, and each engagement, from the counters. */
export function funnelOf(counts: CounterCounts): Record<FunnelStep, number> {
  const milestones = recordOf(MILESTONES, (m) =>
    COUNTED_STATES.reduce(
      (sum, s) => sum + (reachedBy(s).includes(m) ? counts[s] : 0),
      FAILED_AFTER_SENT.reached.includes(m) ? counts.failedAfterSent : 0,
    ),
  );
  return { ...milestones, ...recordOf(ENGAGEMENTS, (e) => counts[e]) };
}
