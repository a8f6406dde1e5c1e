import type { Db } from '../../platform/db/client.js';
import { clearOptedOut, markOptedOut } from './automation.repository.js';
import { normalize } from './matcher.js';
import { automationOf } from './rule-cache.js';

/**
 * Whether a message is one of the business's own opt-out words (whole message, case and accents ignored);
 * null when the business never saved its words, so the webhook keeps its built-in ones.
 */
export async function optOutWordOf(db: Db, businessId: string): Promise<((text: string) => boolean) | null> {
  const words = (await automationOf(db, businessId)).optOutWords;
  return words ? (text: string) => words.has(normalize(text)) : null;
}

/** The contact's opt-out or opt-in, as automation keeps it: an opted-out contact gets no automated reply. */
export async function recordConsentForAutomation(
  db: Db,
  businessId: string,
  phone: string,
  intent: 'opt_in' | 'opt_out',
): Promise<void> {
  if (intent === 'opt_out') await markOptedOut(db, businessId, phone);
  else await clearOptedOut(db, businessId, phone);
}
