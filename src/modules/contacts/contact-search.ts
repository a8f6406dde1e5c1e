import { type SQL, sql } from 'drizzle-orm';
import { contacts } from '../../platform/db/schema/index.js';

/**
 * The searched text, written exactly as `contacts_search_trgm_idx` indexes it, so the trigram index serves
 * the match (the planner matches the expression, not the column list).
 */
export const searchText = sql`(${contacts.firstName} || ' ' || ${contacts.lastName} || ' ' || ${contacts.phoneNumber})`;

const MAX_WORDS = 5;
const PHONE_LIKE = /^[\d\s+().-]+$/;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What a search term looks for: a phone-like term (digits, spaces, `+`, `-`, brackets) is one run of
 * digits without its national or international leading zeros, so `0803 123 4567` and `00234 803...` find
 * `+2348031234567`; any other term is its distinct words, each of which must appear. Words without a
 * letter or a digit are dropped: trigrams cannot find them, and they would make the index read everything.
 */
export function searchWords(term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [];
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '');
    return [digits.replace(/^0+/, '') || digits];
  }
  const words = trimmed.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return [...new Map(words.map((w) => [w.toLowerCase(), w])).values()].slice(0, MAX_WORDS);
}

/**
 * The condition for a search term: null when there is nothing to search for (a blank term), a condition
 * that matches nothing when the term holds no searchable word. Words of three characters or more match
 * anywhere (trigrams); shorter words match the start of a word (`jo` finds "John Okafor" and "Ada Jones"),
 * which the trigram index also serves through its word-start trigrams, where a bare `%jo%` would read
 * every row.
 */
export function searchCondition(term: string): SQL | null {
  if (!term.trim()) return null;
  const words = searchWords(term);
  if (!words.length) return sql`false`;
  const parts = words.map((word) => {
    const escaped = escapeLike(word);
    if (word.length >= 3) return sql`${searchText} ILIKE ${`%${escaped}%`}`;
    return sql`(${searchText} ILIKE ${`${escaped}%`} OR ${searchText} ILIKE ${`% ${escaped}%`})`;
  });
  return sql.join(parts, sql` AND `);
}
