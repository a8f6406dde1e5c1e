import type { Db } from '../../platform/db/client.js';
import type { AutomationMatchMode, AutomationTrigger } from '../../platform/db/schema/index.js';
import type { ReplyBody } from '../conversations/index.js';
import { enabledRules, findHours, findSettings } from './automation.repository.js';
import type { Hours } from './business-hours.js';
import { compilePattern, normalize } from './matcher.js';

/** A rule as the engine matches it: its pattern normalized, its expression compiled once. */
export interface LiveRule {
  id: string;
  name: string;
  trigger: AutomationTrigger;
  matchMode: AutomationMatchMode | null;
  pattern: string;
  compiled: RegExp | null;
  choiceId: string | null;
  priority: number;
  reply: ReplyBody;
  activeFrom: Date | null;
  activeUntil: Date | null;
  cooldownSeconds: number | null;
}

export interface BusinessAutomation {
  /** Switched-on rules, highest priority first. */
  rules: LiveRule[];
  hours: Hours | null;
  cooldownSeconds: number;
  dailyCap: number;
  /** The business's opt-out words, normalized; null: never configured (the webhook's built-in words). */
  optOutWords: ReadonlySet<string> | null;
}

export const DEFAULT_COOLDOWN_SECONDS = 3600;
export const DEFAULT_DAILY_CAP = 10;
/**
 * How long a business's rules are kept in memory: a change made through another process is seen within it.
 * A rule switched off stops at once anyway: the reply's transaction and the sender re-read it.
 */
const TTL_MS = 5_000;

const cache = new Map<string, { expires: number; value: Promise<BusinessAutomation> }>();

/** A business's rules, hours and settings: one read per business per TTL, not one per message. */
export function automationOf(db: Db, businessId: string, now = Date.now()): Promise<BusinessAutomation> {
  const hit = cache.get(businessId);
  if (hit && hit.expires > now) return hit.value;
  const value = load(db, businessId);
  cache.set(businessId, { expires: now + TTL_MS, value });
  value.catch(() => cache.delete(businessId));
  if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
  return value;
}

/** Forgets what was read of a business (its rules, hours or settings changed here). */
export function invalidateAutomation(businessId: string): void {
  cache.delete(businessId);
}

async function load(db: Db, businessId: string): Promise<BusinessAutomation> {
  const [rules, hours, settings] = await Promise.all([
    enabledRules(db, businessId),
    findHours(db, businessId),
    findSettings(db, businessId),
  ]);
  return {
    rules: rules
      .map((r) => ({
        id: r.id,
        name: r.name,
        trigger: r.trigger,
        matchMode: r.matchMode,
        pattern: r.pattern ? normalize(r.pattern) : '',
        compiled: r.matchMode === 'regex' && r.pattern ? compilePattern(r.pattern) : null,
        choiceId: r.choiceId,
        priority: r.priority,
        reply: r.reply as ReplyBody,
        activeFrom: r.activeFrom,
        activeUntil: r.activeUntil,
        cooldownSeconds: r.cooldownSeconds,
      }))
      .sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id)),
    hours: hours ? { timeZone: hours.timeZone, week: hours.week } : null,
    cooldownSeconds: settings?.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS,
    dailyCap: settings?.dailyCap ?? DEFAULT_DAILY_CAP,
    optOutWords: settings ? new Set(settings.optOutWords.map(normalize)) : null,
  };
}
