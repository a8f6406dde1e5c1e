/**
 * A business's own contact fields: their types and how a value of each is read, the same for the API, the
 * import's cells and the segment conditions, so a value means one thing whichever way it arrived.
 */
export const FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'choice'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type FieldValue = string | number | boolean;

export interface FieldDefinition {
  key: string;
  label: string;
  type: FieldType;
  choices: string[] | null;
}

/** A business has at most this many fields: each is a column of every export and of the filter builder. */
export const FIELDS_MAX = 50;
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;
export const TEXT_VALUE_MAX = 500;
export const CHOICES_MAX = 100;

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A calendar date written `YYYY-MM-DD` that exists (no 2024-02-30). */
export function isIsoDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

export type ValueResult = { ok: true; value: FieldValue | null } | { ok: false; reason: string };

/**
 * A value of a field as the API, a JSON import or a file cell gives it: null, undefined and blank text are
 * "no value" (null); otherwise the typed value or why it is not one. Numbers and yes/no also come as text,
 * which is all a CSV cell can be.
 */
export function parseFieldValue(def: FieldDefinition, raw: unknown): ValueResult {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  const text = typeof raw === 'string' ? raw.replaceAll('\u0000', '').trim() : null;
  if (text === '') return { ok: true, value: null };
  const bad = (reason: string): ValueResult => ({ ok: false, reason });
  switch (def.type) {
    case 'text':
      if (text === null)
        return typeof raw === 'number' ? { ok: true, value: String(raw) } : bad('must be text');
      return text.length > TEXT_VALUE_MAX
        ? bad(`must be at most ${TEXT_VALUE_MAX} characters`)
        : { ok: true, value: text };
    case 'number': {
      if (typeof raw === 'number')
        return Number.isFinite(raw) ? { ok: true, value: raw } : bad('must be a number');
      if (text !== null && NUMBER.test(text) && Number.isFinite(Number(text)))
        return { ok: true, value: Number(text) };
      return bad('must be a number');
    }
    case 'date':
      return text !== null && isIsoDate(text)
        ? { ok: true, value: text }
        : bad('must be a date (YYYY-MM-DD)');
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const word = text?.toLowerCase() ?? (typeof raw === 'number' ? String(raw) : '');
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return bad('must be true or false (yes/no, 1/0)');
    }
    case 'choice': {
      const wanted = text?.toLowerCase();
      // Matched without case, stored as the definition spells it, so filters compare one spelling.
      const choice = def.choices?.find((c) => c.toLowerCase() === wanted);
      return choice !== undefined
        ? { ok: true, value: choice }
        : bad(`must be one of: ${(def.choices ?? []).join(', ')}`);
    }
  }
}

export interface FieldsResult {
  /** Keys to set, with their typed values. */
  set: Record<string, FieldValue>;
  /** Keys given as "no value": removed from the contact. */
  unset: string[];
  problems: { key: string; reason: string }[];
}

/** Checks a `fields` object against the business's definitions; an unknown key is a problem of its own. */
export function checkFields(defs: readonly FieldDefinition[], input: Record<string, unknown>): FieldsResult {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const out: FieldsResult = { set: {}, unset: [], problems: [] };
  for (const [key, raw] of Object.entries(input)) {
    const def = byKey.get(key);
    if (!def) {
      out.problems.push({ key, reason: 'is not a field of this business' });
      continue;
    }
    const result = parseFieldValue(def, raw);
    if (!result.ok) out.problems.push({ key, reason: result.reason });
    else if (result.value === null) out.unset.push(key);
    else out.set[key] = result.value;
  }
  return out;
}
