import type { AutomationRule } from '../../api/queries/automation';

const MATCH_WORDS: Record<NonNullable<AutomationRule['matchMode']>, string> = {
  exact: 'is',
  contains: 'contains',
  starts: 'starts with',
  regex: 'matches the pattern',
};

export const MATCH_MODES = [
  { value: 'exact', label: 'Is exactly' },
  { value: 'contains', label: 'Contains' },
  { value: 'starts', label: 'Starts with' },
  { value: 'regex', label: 'Matches a regular expression' },
];

export const TRIGGERS = [
  { value: 'keyword', label: 'A keyword' },
  { value: 'welcome', label: 'Welcome: the first message of a new contact' },
  { value: 'away', label: 'Away: a message outside business hours' },
  { value: 'choice', label: 'A button or list choice' },
];

/** The rule's trigger as a sentence: "The message contains “price”". */
export function triggerInWords(
  r: Pick<AutomationRule, 'trigger' | 'matchMode' | 'pattern' | 'choiceId'>,
): string {
  if (r.trigger === 'welcome') return 'The first message of a new contact';
  if (r.trigger === 'away') return 'A message outside business hours';
  if (r.trigger === 'choice') return `The contact chooses the option “${r.choiceId ?? ''}”`;
  return `The message ${MATCH_WORDS[r.matchMode ?? 'exact']} “${r.pattern ?? ''}”`;
}

/** What the rule sends, in a word or two. */
export function replyInWords(reply: Record<string, unknown>): string {
  const i = reply.interactive as
    | { type?: string; buttons?: unknown[]; sections?: { rows?: unknown[] }[] }
    | undefined;
  if (i?.type === 'buttons') return `Buttons (${i.buttons?.length ?? 0})`;
  if (i?.type === 'list')
    return `List (${(i.sections ?? []).reduce((n, s) => n + (s.rows?.length ?? 0), 0)} rows)`;
  if (reply.templateId) return 'Template';
  if (reply.mediaKey) return 'Media';
  return 'Text';
}
