import vm from 'node:vm';
import type { AutomationMatchMode } from '../../platform/db/schema/index.js';

/** How long a rule's regular expression may run on one message before it counts as no match. */
export const REGEX_TIME_LIMIT_MS = 25;
/** Only the start of a long message is matched: a keyword is near the start, and time grows with length. */
const MATCH_INPUT_MAX = 1024;

/** Lower case, accents removed, spaces collapsed: how keywords and messages are compared. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A regular expression runs in a V8 context of its own with a time limit: V8 interrupts a backtracking
 * expression at the limit (node:vm's `timeout`), which a plain `RegExp.test` in the event loop cannot do.
 * One context and one compiled script serve every call.
 */
const context = vm.createContext(Object.create(null) as Record<string, unknown>);
const script = new vm.Script('re.test(input)');
const manyScript = new vm.Script('inputs.map((s) => { re.lastIndex = 0; return re.test(s); })');

/** A regex rule's pattern compiled as matched (case-insensitive, Unicode); null when it is not valid. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(normalize(pattern), 'iu');
  } catch {
    return null;
  }
}

/** Whether `re` matches within the time limit; a run past it is stopped and is no match. */
export function regexMatches(re: RegExp, input: string, timeoutMs = REGEX_TIME_LIMIT_MS): boolean {
  context.re = re;
  context.input = input;
  try {
    re.lastIndex = 0;
    return script.runInContext(context, { timeout: timeoutMs }) === true;
  } catch {
    return false;
  } finally {
    context.re = undefined;
    context.input = undefined;
  }
}

/**
 * `regexMatches` over the messages of one delivery in one run (a run with a time limit costs a watchdog
 * thread, ~0.1 ms, so one per delivery rather than one per message), within `timeoutMs` for them all. Past it
 * the run is stopped and none of them matches: a pattern that backtracks on one message of a delivery answers
 * none of that delivery.
 */
export function regexMatchesAll(re: RegExp, inputs: string[], timeoutMs = REGEX_TIME_LIMIT_MS): boolean[] {
  if (!inputs.length) return [];
  context.re = re;
  context.inputs = inputs.map((i) => i.slice(0, MATCH_INPUT_MAX));
  try {
    const out = manyScript.runInContext(context, { timeout: timeoutMs }) as unknown[];
    return inputs.map((_, i) => out[i] === true);
  } catch {
    return inputs.map(() => false);
  } finally {
    context.re = undefined;
    context.inputs = undefined;
  }
}

/** A keyword rule's test of a message's normalized text. */
export function keywordMatches(
  mode: AutomationMatchMode,
  pattern: string,
  compiled: RegExp | null,
  text: string,
): boolean {
  const input = text.slice(0, MATCH_INPUT_MAX);
  switch (mode) {
    case 'exact':
      return input === pattern;
    case 'starts':
      return input.startsWith(pattern);
    case 'contains':
      return input.includes(pattern);
    case 'regex':
      return compiled !== null && regexMatches(compiled, input);
  }
}
