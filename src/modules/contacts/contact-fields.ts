import { toE164 } from './phone.js';

/**
 * The rules of a contact's fields, shared by POST/PATCH and by every import row, so a contact means the same
 * whichever way it arrives.
 */
export const NAME_MAX = 100;
export const TAG_MAX = 64;
export const TAGS_MAX = 50;
/** Tags are written `a;b` in files, and `a,b` is accepted on import: neither may appear inside a tag. */
export const TAG_SEPARATORS = /[;,]/;

export interface ContactFields {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  tags: string[];
  optIn: boolean;
}

/** Trims and drops NUL characters (PostgreSQL text cannot hold them); empty becomes null. */
export function cleanText(value: string): string | null {
  const cleaned = value.replaceAll('\u0000', '').trim();
  return cleaned === '' ? null : cleaned;
}

/** Trim each tag, drop empty ones, keep the first of exact duplicates; order is kept. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const cleaned = cleanText(tag);
    if (cleaned !== null) seen.add(cleaned);
  }
  return [...seen];
}

/** A problem with a list of tags, or null when it is acceptable (after normalisation). */
export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > TAGS_MAX) return `tags may hold at most ${TAGS_MAX} tags`;
  if (tags.some((t) => t.length > TAG_MAX)) return `a tag may be at most ${TAG_MAX} characters`;
  if (tags.some((t) => TAG_SEPARATORS.test(t))) return 'a tag may not contain ";" or ","';
  return null;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);

/** optIn as a file or a loose JSON row writes it: true/false, yes/no, 1/0 (any case); blank is false. */
export function parseOptIn(value: unknown): boolean | null {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** Tags as a file cell (`a;b` or `a,b`) or a JSON array of strings. */
export function parseTags(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return normaliseTags(value.split(TAG_SEPARATORS));
  if (Array.isArray(value) && value.every((t) => typeof t === 'string')) return normaliseTags(value);
  return null;
}

function nameOf(value: unknown, field: string, problems: string[]): string {
  if (value === undefined || value === null || (typeof value === 'string' && cleanText(value) === null)) {
    problems.push(`${field} is required`);
    return '';
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    problems.push(`${field} must be a string`);
    return '';
  }
  const cleaned = cleanText(String(value)) ?? '';
  if (cleaned.length > NAME_MAX) problems.push(`${field} must be at most ${NAME_MAX} characters`);
  return cleaned;
}

export type RowResult = { ok: true; contact: ContactFields } | { ok: false; reason: string };

// U+0000, or a UTF-16 surrogate without its partner: PostgreSQL stores neither (the platform text guard's
// rule). The JSON import's body is exempt from that guard so such text fails its own row, not the request.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ROW_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'tags', 'optIn'] as const;

function isUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  return Array.isArray(value) && value.some((v) => typeof v === 'string' && UNSTORABLE.test(v));
}

/**
 * Validates one import row on its own: every problem of the row is named in one reason. Phones become
 * E.164 with the business's country for national numbers.
 */
export function validateRow(raw: unknown, countryCode: string | null): RowResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'row must be an object with firstName, lastName and phoneNumber' };
  }
  const row = raw as Record<string, unknown>;
  const unstorable = ROW_FIELDS.filter((field) => isUnstorable(row[field]));
  if (unstorable.length) {
    return {
      ok: false,
      reason: `${unstorable.join(', ')} must be well-formed text: no NUL character (U+0000), no unpaired surrogate`,
    };
  }
  const problems: string[] = [];
  const firstName = nameOf(row.firstName, 'firstName', problems);
  const lastName = nameOf(row.lastName, 'lastName', problems);

  let phoneNumber = '';
  const phone = row.phoneNumber;
  if (phone === undefined || phone === null || (typeof phone === 'string' && cleanText(phone) === null)) {
    problems.push('phoneNumber is required');
  } else if (typeof phone !== 'string' && typeof phone !== 'number') {
    problems.push('phoneNumber must be a string');
  } else {
    const e164 = toE164(String(phone), countryCode);
    if (e164) phoneNumber = e164;
    else problems.push(`phoneNumber "${String(phone).slice(0, 40)}" is not a valid phone number`);
  }

  const tags = parseTags(row.tags);
  if (tags === null) problems.push('tags must be a list of strings');
  else {
    const problem = tagsProblem(tags);
    if (problem) problems.push(problem);
  }
  const optIn = parseOptIn(row.optIn);
  if (optIn === null) problems.push('optIn must be true or false (yes/no, 1/0)');

  if (problems.length) return { ok: false, reason: problems.join('; ') };
  return { ok: true, contact: { firstName, lastName, phoneNumber, tags: tags!, optIn: optIn! } };
}
