import {
  ACTIVITY_KINDS,
  COUNTED_STATES,
  type CountedState,
  ENGAGEMENTS,
  FAILED_AFTER_SENT,
  FAILED_STATE,
  statesCountedAs,
} from '../../vocabulary/message-states.js';

/**
 * Every function and trigger of the database, in one place: the source migrations are made from. Edit a
 * definition here, then `npm run db:functions -- <name>` writes the next migration with what changed (the
 * functions and triggers that differ from what the migrations so far create, and new `message_status`
 * values); `test/platform/db-functions.test.ts` fails while the migrated database differs from this file.
 * The message counters' functions are generated from the message-state model (`message-states.ts`).
 */

export interface DbFunction {
  name: string;
  /** The argument list as PostgreSQL prints it (`pg_get_function_identity_arguments`). */
  args: string;
  /** The result type as PostgreSQL prints it (`pg_get_function_result`). */
  returns: string;
  language: 'plpgsql' | 'sql';
  volatility: 'VOLATILE' | 'STABLE' | 'IMMUTABLE';
  /** Kept with the definition in the migration. */
  comment?: string;
  /** The text between the `$$` quotes, exactly (PostgreSQL keeps it as `prosrc`). */
  body: string;
}

export interface DbTrigger {
  name: string;
  table: string;
  /** `AFTER INSERT`, `AFTER UPDATE`, ... */
  when: string;
  /** `REFERENCING ... FOR EACH STATEMENT` or `FOR EACH ROW`. */
  rows: string;
  function: string;
}

const fn = (f: Omit<DbFunction, 'args' | 'volatility' | 'returns' | 'language'> & Partial<DbFunction>) => ({
  args: '',
  returns: 'trigger',
  language: 'plpgsql' as const,
  volatility: 'VOLATILE' as const,
  ...f,
});

const NEW_TABLE = 'REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT';
const OLD_TABLE = 'REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT';
const BOTH_TABLES = 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT';

// ---- contacts: counts (contact_counts), tag sets (contact_tag_sets), opt activity ----

const contactFunctions: DbFunction[] = [
  fn({
    name: 'contact_counts_after_insert',
    comment:
      'Statement-level triggers with transition tables: one aggregate per statement, so a million-row import\n' +
      "adjusts its business's counts once. The counts row stays locked until the transaction ends, which\n" +
      "queues concurrent writers of one business's contacts behind each other (never another business's).",
    body: `
BEGIN
  INSERT INTO contact_counts AS c (business_id, total, opted_in)
  SELECT business_id, count(*), count(*) FILTER (WHERE opt_in) FROM new_rows
  GROUP BY business_id ORDER BY business_id
  ON CONFLICT (business_id) DO UPDATE
    SET total = c.total + EXCLUDED.total, opted_in = c.opted_in + EXCLUDED.opted_in;
  RETURN NULL;
END `,
  }),
  fn({
    name: 'contact_counts_after_delete',
    body: `
BEGIN
  UPDATE contact_counts c SET total = c.total - d.n, opted_in = c.opted_in - d.o
  FROM (SELECT business_id, count(*) AS n, count(*) FILTER (WHERE opt_in) AS o FROM old_rows
        GROUP BY business_id ORDER BY business_id) d
  WHERE c.business_id = d.business_id;
  RETURN NULL;
END `,
  }),
  fn({
    name: 'contact_counts_after_update',
    comment: 'A contact never changes business; only opt_in moves a count.',
    body: `
BEGIN
  UPDATE contact_counts c SET opted_in = c.opted_in + d.o
  FROM (SELECT n.business_id, sum(n.opt_in::int - o.opt_in::int) AS o
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.opt_in IS DISTINCT FROM o.opt_in
        GROUP BY n.business_id ORDER BY n.business_id) d
  WHERE c.business_id = d.business_id;
  RETURN NULL;
END `,
  }),
  fn({
    name: 'contact_tag_set',
    args: 'tags text[]',
    returns: 'text[]',
    language: 'sql',
    volatility: 'IMMUTABLE',
    comment:
      "A contact's tags as a set: sorted (byte order, the same under any collation) and without duplicates.",
    body: `
  SELECT coalesce(array_agg(DISTINCT t COLLATE "C" ORDER BY t COLLATE "C"), '{}'::text[]) FROM unnest(tags) t
`,
  }),
  fn({
    name: 'contact_tag_sets_add',
    args: 'b uuid, ts text[], n bigint, o bigint',
    returns: 'void',
    comment:
      "Adds one set's change. A set gains contacts (or is created) and loses them (and is deleted at zero)\n" +
      "under its row lock; a check constraint would refuse a negative change written as an upsert's candidate\n" +
      'row, so an existing set is updated first and only a set not yet there is inserted (always a gain).',
    body: `
DECLARE
  k text := md5(ts::text);
  left_total bigint;
BEGIN
  UPDATE contact_tag_sets SET total = total + n, opted_in = opted_in + o
  WHERE business_id = b AND tag_key = k RETURNING total INTO left_total;
  IF NOT FOUND THEN
    INSERT INTO contact_tag_sets AS s (business_id, tag_key, tags, total, opted_in) VALUES (b, k, ts, n, o)
    ON CONFLICT (business_id, tag_key) DO UPDATE
      SET total = s.total + EXCLUDED.total, opted_in = s.opted_in + EXCLUDED.opted_in;
  ELSIF left_total = 0 THEN
    DELETE FROM contact_tag_sets WHERE business_id = b AND tag_key = k;
  END IF;
END `,
  }),
  fn({
    name: 'contact_tag_sets_after_insert',
    comment:
      'Statement-level triggers with transition tables, like contact_counts: one aggregate per statement. Sets\n' +
      'are changed in key order, so concurrent writers take their row locks in one order (no deadlock).',
    body: `
BEGIN
  PERFORM contact_tag_sets_add(business_id, ts, count(*), count(*) FILTER (WHERE opt_in))
  FROM (SELECT business_id, contact_tag_set(tags) AS ts, opt_in FROM new_rows) r
  GROUP BY business_id, ts ORDER BY business_id, md5(ts::text);
  RETURN NULL;
END `,
  }),
  fn({
    name: 'contact_tag_sets_after_delete',
    body: `
BEGIN
  PERFORM contact_tag_sets_add(business_id, ts, -count(*), -count(*) FILTER (WHERE opt_in))
  FROM (SELECT business_id, contact_tag_set(tags) AS ts, opt_in FROM old_rows) r
  GROUP BY business_id, ts ORDER BY business_id, md5(ts::text);
  RETURN NULL;
END `,
  }),
  fn({
    name: 'contact_tag_sets_after_update',
    comment:
      'Only rows whose tags or opt-in changed move a count: each leaves its old set and joins its new one.',
    body: `
BEGIN
  PERFORM contact_tag_sets_add(business_id, ts, sum(n)::bigint, sum(o)::bigint)
  FROM (
    SELECT n.business_id, contact_tag_set(n.tags) AS ts, 1 AS n, n.opt_in::int AS o
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.tags IS DISTINCT FROM o.tags OR n.opt_in IS DISTINCT FROM o.opt_in
    UNION ALL
    SELECT o.business_id, contact_tag_set(o.tags), -1, -(o.opt_in::int)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.tags IS DISTINCT FROM o.tags OR n.opt_in IS DISTINCT FROM o.opt_in
  ) r
  GROUP BY business_id, ts HAVING sum(n) <> 0 OR sum(o) <> 0 ORDER BY business_id, md5(ts::text);
  RETURN NULL;
END `,
  }),
  fn({
    name: 'contact_opt_activity_after_insert',
    comment:
      'Statement-level, like contact_counts: one upsert per business and statement. Only ever increments, so a\n' +
      'plain upsert in business order is safe under concurrency.',
    body: `
BEGIN
  INSERT INTO contact_opt_activity AS a (business_id, bucket, opt_ins)
  SELECT business_id, date_bin('15 minutes', now(), timestamptz '2000-01-01 00:00:00+00'), count(*)
  FROM new_rows WHERE opt_in GROUP BY business_id ORDER BY business_id
  ON CONFLICT (business_id, bucket) DO UPDATE SET opt_ins = a.opt_ins + EXCLUDED.opt_ins;
  RETURN NULL;
END `,
  }),
  fn({
    name: 'contact_opt_activity_after_update',
    comment:
      'An opt-out also marks every campaign the recipient received (sent and not failed) in the last 7 days:\n' +
      "found through the business's recently sent campaigns and each one's (campaign, phone) unique index.",
    body: `
BEGIN
  INSERT INTO contact_opt_activity AS a (business_id, bucket, opt_ins, opt_outs)
  SELECT n.business_id, date_bin('15 minutes', now(), timestamptz '2000-01-01 00:00:00+00'),
         count(*) FILTER (WHERE n.opt_in), count(*) FILTER (WHERE NOT n.opt_in)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.opt_in IS DISTINCT FROM o.opt_in
  GROUP BY n.business_id ORDER BY n.business_id
  ON CONFLICT (business_id, bucket) DO UPDATE
    SET opt_ins = a.opt_ins + EXCLUDED.opt_ins, opt_outs = a.opt_outs + EXCLUDED.opt_outs;
  INSERT INTO campaign_opt_outs (campaign_id, phone_number)
  SELECT DISTINCT m.campaign_id, m.phone_number
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  JOIN campaigns k ON k.business_id = n.business_id AND k.is_sent_out
    AND k.sent_out_at > now() - interval '30 days'
  JOIN campaign_messages m ON m.campaign_id = k.id AND m.phone_number = o.phone_number
  WHERE o.opt_in AND NOT n.opt_in
    AND m.sent_at > now() - interval '7 days' AND m.status <> '${FAILED_STATE}'
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END `,
  }),
];

// ---- messages: campaign_counters, campaign_failure_reasons, message_activity ----

/** `status::text = 'held'`, `status::text IN ('queued', 'sending')`: the rows a counter counts. */
function countedAs(counter: CountedState, column = 'status'): string {
  const states = statesCountedAs(counter);
  return states.length === 1
    ? `${column}::text = '${states[0]}'`
    : `${column}::text IN (${states.map((s) => `'${s}'`).join(', ')})`;
}

const FAILED_AFTER_SENT_ROWS = `status::text = '${FAILED_STATE}' AND provider_message_id IS NOT NULL`;
const COUNTER_COLUMNS = ['recipients', ...COUNTED_STATES, FAILED_AFTER_SENT.column, ...ENGAGEMENTS];
const ACTIVITY_COLUMNS = ACTIVITY_KINDS.map((k) => `${k}_at`);
const MESSAGE_COLUMNS = `campaign_id, business_id, status, error, provider_message_id, ${ACTIVITY_COLUMNS.join(', ')}`;

/** The counters' deltas, in `COUNTER_COLUMNS` order: sums of the signed rows of `d`. */
const COUNTER_SUMS = [
  'sum(sign)',
  ...COUNTED_STATES.map((c) => `COALESCE(sum(sign) FILTER (WHERE ${countedAs(c)}), 0)`),
  `COALESCE(sum(sign) FILTER (WHERE ${FAILED_AFTER_SENT_ROWS}), 0)`,
  ...ENGAGEMENTS.map((e) => `COALESCE(sum(sign) FILTER (WHERE ${e}_at IS NOT NULL), 0)`),
];

/**
 * The CTEs that apply the signed rows of `d` (+1 for a row that arrived, -1 for one that left) to the
 * counters, the failure reasons and the minute activity. Rows are upserted in key order (counters, then
 * reasons, then activity), so two statements touching the same campaigns lock them in the same order. A
 * key whose deltas are all zero is not upserted (nor locked): an update that moved nothing counted (a claim,
 * a lease heartbeat) cancels out.
 */
const APPLY_SIGNED_ROWS = `counters AS (
    INSERT INTO campaign_counters AS c
      (campaign_id, business_id, ${COUNTER_COLUMNS.join(', ')})
    SELECT campaign_id, business_id, ${COUNTER_SUMS.map((line, i) => (i ? `           ${line}` : line)).join(',\n')}
    FROM d GROUP BY campaign_id, business_id
    HAVING ${COUNTER_SUMS.map((s) => `${s} <> 0`).join('\n        OR ')}
    ORDER BY campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
${COUNTER_COLUMNS.map((c) => `      ${c} = c.${c} + EXCLUDED.${c}`).join(',\n')}
    RETURNING 1
  ), reasons AS (
    INSERT INTO campaign_failure_reasons AS r (campaign_id, reason, count)
    SELECT campaign_id, error, sum(sign) FROM d
    WHERE status::text = '${FAILED_STATE}' AND error IS NOT NULL
    GROUP BY campaign_id, error HAVING sum(sign) <> 0 ORDER BY campaign_id, error
    ON CONFLICT (campaign_id, reason) DO UPDATE SET count = r.count + EXCLUDED.count
    RETURNING 1
  ), events AS (
    SELECT campaign_id, business_id, sign, date_trunc('minute', ts, 'UTC') AS bucket, kind
    FROM d CROSS JOIN LATERAL (VALUES ${ACTIVITY_KINDS.map((k) => `(${k}_at, '${k}')`).join(', ')}) AS e(ts, kind)
    WHERE ts IS NOT NULL
  ), activity AS (
    INSERT INTO message_activity AS a (campaign_id, bucket_start, business_id, ${ACTIVITY_KINDS.join(', ')})
    SELECT campaign_id, bucket, business_id,
${ACTIVITY_KINDS.map((k) => `           COALESCE(sum(sign) FILTER (WHERE kind = '${k}'), 0)`).join(',\n')}
    FROM events GROUP BY campaign_id, bucket, business_id
    HAVING ${ACTIVITY_KINDS.map((k) => `sum(sign) FILTER (WHERE kind = '${k}') <> 0`).join('\n        OR ')}
    ORDER BY campaign_id, bucket
    ON CONFLICT (campaign_id, bucket_start) DO UPDATE SET
${ACTIVITY_KINDS.map((k) => `      ${k} = a.${k} + EXCLUDED.${k}`).join(',\n')}
    RETURNING 1
  )`;

const messageFunctions: DbFunction[] = [
  fn({
    name: 'message_counters_after_insert',
    comment:
      'The counters (campaign_counters, campaign_failure_reasons, message_activity) are kept by statement-level\n' +
      'triggers with transition tables, like contact_counts: one aggregate per statement, in the same\n' +
      'transaction as the change. Generated from the message-state model. States are compared as text, so a\n' +
      'state added in the same migration can be counted.',
    body: `
DECLARE done int;
BEGIN
  WITH d AS MATERIALIZED (
    SELECT 1 AS sign, ${MESSAGE_COLUMNS}
    FROM new_rows
  ), ${APPLY_SIGNED_ROWS}
  SELECT 1 INTO done;
  RETURN NULL;
END `,
  }),
  fn({
    name: 'message_counters_after_update',
    comment:
      'Every old row leaves (-1) and every new one arrives (+1): a row whose counted columns did not change\n' +
      'cancels out, and a key whose deltas are all zero is not upserted, so a claim (queued -> sending) and a\n' +
      'lease heartbeat lock no counter. No join of old_rows with new_rows: the transition tables have no\n' +
      'statistics, and the nested loop planned for them cost time quadratic in the rows of the statement.',
    body: `
DECLARE done int;
BEGIN
  WITH d AS MATERIALIZED (
    SELECT 1 AS sign, ${MESSAGE_COLUMNS}
    FROM new_rows
    UNION ALL
    SELECT -1, ${MESSAGE_COLUMNS}
    FROM old_rows
  ), ${APPLY_SIGNED_ROWS}
  SELECT 1 INTO done;
  RETURN NULL;
END `,
  }),
  fn({
    name: 'message_counters_after_delete',
    comment:
      'Messages are deleted only with their campaign (or business), whose counters go with it: a plain UPDATE,\n' +
      "never an insert that would bring back a deleted campaign's row. The activity is history and stays.",
    body: `
BEGIN
  UPDATE campaign_counters c SET
${COUNTER_COLUMNS.map((c) => `    ${c} = c.${c} - d.${c}`).join(',\n')}
  FROM (SELECT campaign_id, count(*) AS recipients,
${[
  ...COUNTED_STATES.map((c) => `count(*) FILTER (WHERE ${countedAs(c)}) AS ${c}`),
  `count(*) FILTER (WHERE ${FAILED_AFTER_SENT_ROWS}) AS ${FAILED_AFTER_SENT.column}`,
  ...ENGAGEMENTS.map((e) => `count(*) FILTER (WHERE ${e}_at IS NOT NULL) AS ${e}`),
]
  .map((line) => `               ${line}`)
  .join(',\n')}
        FROM old_rows GROUP BY campaign_id ORDER BY campaign_id) d
  WHERE c.campaign_id = d.campaign_id;
  UPDATE campaign_failure_reasons r SET count = r.count - d.n
  FROM (SELECT campaign_id, error, count(*) AS n FROM old_rows
        WHERE status::text = '${FAILED_STATE}' AND error IS NOT NULL
        GROUP BY campaign_id, error ORDER BY campaign_id, error) d
  WHERE r.campaign_id = d.campaign_id AND r.reason = d.error;
  RETURN NULL;
END `,
  }),
];

/** Every function of the database (besides the extensions'). */
export const DB_FUNCTIONS: readonly DbFunction[] = [...contactFunctions, ...messageFunctions];

const trigger = (name: string, table: string, when: string, rows: string, fnName: string): DbTrigger => ({
  name,
  table,
  when,
  rows,
  function: fnName,
});

/** Every trigger of the database. */
export const DB_TRIGGERS: readonly DbTrigger[] = [
  trigger('contact_counts_insert', 'contacts', 'AFTER INSERT', NEW_TABLE, 'contact_counts_after_insert'),
  trigger('contact_counts_delete', 'contacts', 'AFTER DELETE', OLD_TABLE, 'contact_counts_after_delete'),
  trigger('contact_counts_update', 'contacts', 'AFTER UPDATE', BOTH_TABLES, 'contact_counts_after_update'),
  trigger('contact_tag_sets_insert', 'contacts', 'AFTER INSERT', NEW_TABLE, 'contact_tag_sets_after_insert'),
  trigger('contact_tag_sets_delete', 'contacts', 'AFTER DELETE', OLD_TABLE, 'contact_tag_sets_after_delete'),
  trigger(
    'contact_tag_sets_update',
    'contacts',
    'AFTER UPDATE',
    BOTH_TABLES,
    'contact_tag_sets_after_update',
  ),
  trigger(
    'contact_opt_activity_insert',
    'contacts',
    'AFTER INSERT',
    NEW_TABLE,
    'contact_opt_activity_after_insert',
  ),
  trigger(
    'contact_opt_activity_update',
    'contacts',
    'AFTER UPDATE',
    BOTH_TABLES,
    'contact_opt_activity_after_update',
  ),
  trigger(
    'message_counters_insert',
    'campaign_messages',
    'AFTER INSERT',
    NEW_TABLE,
    'message_counters_after_insert',
  ),
  trigger(
    'message_counters_update',
    'campaign_messages',
    'AFTER UPDATE',
    BOTH_TABLES,
    'message_counters_after_update',
  ),
  trigger(
    'message_counters_delete',
    'campaign_messages',
    'AFTER DELETE',
    OLD_TABLE,
    'message_counters_after_delete',
  ),
];

/** The statement that creates (or replaces) a function, as a migration holds it. */
export function createFunctionSql(f: DbFunction): string {
  const comment = f.comment ? `${f.comment.replace(/^/gm, '-- ')}\n` : '';
  const volatility = f.volatility === 'VOLATILE' ? '' : ` ${f.volatility}`;
  return `${comment}CREATE OR REPLACE FUNCTION ${f.name}(${f.args}) RETURNS ${f.returns} LANGUAGE ${f.language}${volatility} AS $$${f.body}$$;`;
}

/** A trigger's definition as `pg_get_triggerdef` prints it (tables in the public schema). */
export function triggerDefinition(t: DbTrigger): string {
  return `CREATE TRIGGER ${t.name} ${t.when} ON public.${t.table} ${t.rows} EXECUTE FUNCTION ${t.function}()`;
}
