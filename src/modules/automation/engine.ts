import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import type { StoredInbound } from '../conversations/index.js';
import { type ConversationState, conversationStates, insertPending } from './automation.repository.js';
import { isOpen } from './business-hours.js';
import { keywordMatches, normalize, REGEX_TIME_LIMIT_MS, regexMatchesAll } from './matcher.js';
import { signalAutomation } from './pending-signal.js';
import { automationOf, type BusinessAutomation, type LiveRule } from './rule-cache.js';

/**
 * Answers what contacts wrote, after the delivery was stored and its opt-in and opt-out words applied (the
 * webhook calls it with the messages that carried none). One automated reply per conversation and delivery
 * at most, chosen in this order: a button or list choice (by its id), a keyword (highest priority first), a
 * welcome (the contact's first message ever), an away message (written outside business hours, in the
 * business's time zone). Nothing for a contact that opted out, a conversation a member answered (until the
 * contact writes after it was closed), a rule within its cooldown for the contact, or a contact at the
 * daily cap. Costs a cached read when the business has no rule, one statement for the delivery otherwise,
 * and one more writing its decisions, which the automation job queues (`sendPendingAutomation`). A failure
 * is logged: the messages are already kept. Returns how many replies it decided.
 */
export async function answerInbound(
  deps: AppDeps,
  businessId: string,
  stored: StoredInbound[],
  log: Logger,
  now = new Date(),
): Promise<number> {
  try {
    const inbound = stored.filter((s) => s.message.direction === 'in');
    if (!inbound.length) return 0;
    const auto = await automationOf(deps.db, businessId);
    const rules = auto.rules.filter(
      (r) => (!r.activeFrom || r.activeFrom <= now) && (!r.activeUntil || now < r.activeUntil),
    );
    if (!rules.length) return 0;
    const threads = new Map<string, StoredInbound[]>();
    for (const s of inbound) threads.set(s.conversation.id, [...(threads.get(s.conversation.id) ?? []), s]);
    const cooldownOf = (r: LiveRule) => r.cooldownSeconds ?? auto.cooldownSeconds;
    const states = await conversationStates(
      deps.db,
      businessId,
      [...threads.keys()],
      inbound.map((s) => s.message.id),
      rules.some((r) => r.trigger === 'welcome'),
      Math.max(0, ...rules.map(cooldownOf)),
    );
    const hits = regexHits(rules, inbound);
    const decided: { ruleId: string; conversationId: string }[] = [];
    for (const state of states) {
      const rule = chooseRule(auto, rules, state, threads.get(state.id) ?? [], now, cooldownOf, hits);
      if (rule) decided.push({ ruleId: rule.id, conversationId: state.id });
    }
    // Queued (billed, checked again under locks) by the automation job, so ingest never waits on billing.
    if (decided.length) {
      await insertPending(deps.db, businessId, decided);
      signalAutomation();
    }
    const sent = decided.length;
    return sent;
  } catch (err) {
    log.warn({ err, businessId }, 'automation: answering inbound messages failed');
    return 0;
  }
}

function chooseRule(
  auto: BusinessAutomation,
  rules: LiveRule[],
  state: ConversationState,
  messages: StoredInbound[],
  now: Date,
  cooldownOf: (r: LiveRule) => number,
  hits: RegexHits,
): LiveRule | null {
  if (state.paused || state.optedOut || Number(state.sentToday) >= auto.dailyCap) return null;
  const recent = (typeof state.recent === 'string' ? JSON.parse(state.recent) : state.recent) ?? [];
  const inCooldown = (r: LiveRule) =>
    recent.some(
      (s: { ruleId: string; at: string }) =>
        s.ruleId === r.id && now.getTime() - new Date(s.at).getTime() < cooldownOf(r) * 1000,
    );
  const ordered = [...messages].sort(
    (a, b) => new Date(a.message.createdAt).getTime() - new Date(b.message.createdAt).getTime(),
  );
  for (const [n, { message }] of ordered.entries()) {
    const rule = matchOne(auto, rules, message, !state.wroteBefore && n === 0, hits);
    // The rule that matches answers, or nothing does: a rule in its cooldown does not hand over to another.
    if (rule) return inCooldown(rule) ? null : rule;
  }
  return null;
}

function matchOne(
  auto: BusinessAutomation,
  rules: LiveRule[],
  message: StoredInbound['message'],
  firstEver: boolean,
  hits: RegexHits,
): LiveRule | null {
  const details = typeof message.details === 'string' ? JSON.parse(message.details) : message.details;
  const choice = message.type === 'button' && typeof details?.payload === 'string' ? details.payload : null;
  if (choice) {
    const rule = rules.find((r) => r.trigger === 'choice' && r.choiceId === choice);
    if (rule) return rule;
  }
  if (message.text) {
    const text = normalize(message.text);
    // A regex rule's matches were found for the whole delivery at once (`regexHits`).
    const rule = rules.find(
      (r) =>
        r.trigger === 'keyword' &&
        (r.matchMode === 'regex'
          ? (hits.get(r.id)?.has(message.id) ?? false)
          : r.matchMode !== null && keywordMatches(r.matchMode, r.pattern, r.compiled, text)),
    );
    if (rule) return rule;
  }
  if (firstEver) {
    const rule = rules.find((r) => r.trigger === 'welcome');
    if (rule) return rule;
  }
  if (auto.hours && !isOpen(auto.hours, new Date(message.createdAt))) {
    const rule = rules.find((r) => r.trigger === 'away');
    if (rule) return rule;
  }
  return null;
}

/** Per regex rule, the messages of the delivery it matches. */
type RegexHits = Map<string, Set<string>>;

/** Each regex rule run once over the delivery's texts, within its time limit per message, capped. */
function regexHits(rules: LiveRule[], inbound: StoredInbound[]): RegexHits {
  const hits: RegexHits = new Map();
  const texts = inbound
    .filter((s) => s.message.text)
    .map((s) => ({ id: s.message.id, text: normalize(s.message.text!) }));
  for (const r of rules) {
    if (r.trigger !== 'keyword' || r.matchMode !== 'regex' || !r.compiled || !texts.length) continue;
    const budget = Math.min(REGEX_TIME_LIMIT_MS * texts.length, 4 * REGEX_TIME_LIMIT_MS);
    const matched = regexMatchesAll(
      r.compiled,
      texts.map((t) => t.text),
      budget,
    );
    hits.set(r.id, new Set(texts.filter((_, i) => matched[i]).map((t) => t.id)));
  }
  return hits;
}
