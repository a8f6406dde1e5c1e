import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { businessesOfCloudAccount, businessOfCloudNumber } from '../business/index.js';
import { optOutForProvider } from '../consent/index.js';
import { applyNumberHealth, messagesPerSecondOf, type NumberHealth } from '../deliverability/index.js';
import type { AccountEvent } from './cloud.payload.js';

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'logger'>;
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v.trim() || null : null);

/** Qualities the Cloud API reports, and the `event` words that imply one. */
const QUALITIES = new Set(['GREEN', 'YELLOW', 'RED', 'FLAGGED', 'UNKNOWN']);
const EVENT_QUALITY: Record<string, string> = { FLAGGED: 'FLAGGED', UNFLAGGED: 'GREEN' };

/**
 * The Cloud API's account events (docs/api.md "The Cloud webhook"):
 * - `phone_number_quality_update` (`display_phone_number`, `event` FLAGGED / UNFLAGGED / UPGRADE / DOWNGRADE,
 *   `max_daily_conversations_per_business` or the older `current_limit` TIER_..., `quality_rating` when
 *   given): the number's quality and limit;
 * - `account_update` (`whatsapp_business_manager_messaging_limit` TIER_..., `event` such as
 *   ACCOUNT_RESTRICTION or DISABLED_UPDATE): the portfolio's limit, or a flagged account;
 * - `user_preferences` (`metadata.phone_number_id`, `user_preferences[]` with `wa_id`, `category`
 *   marketing_messages, `value` stop / resume): a stop opts the person out of the business's marketing.
 * Returns whether the event changed something.
 */
export async function applyAccountEvent(deps: Deps, event: AccountEvent, log: Logger): Promise<boolean> {
  const v = event.value;
  if (event.field === 'user_preferences') return applyPreferences(deps, v);
  const display = event.field === 'phone_number_quality_update' ? str(v.display_phone_number) : null;
  const owners = await businessesOfCloudAccount(deps.db, event.wabaId, display);
  if (!owners.length) {
    log.info({ wabaId: event.wabaId, field: event.field }, 'cloud webhook: account event for no business');
    return false;
  }
  const health = healthOf(event.field, v);
  if (!Object.keys(health).length) return false;
  for (const owner of owners) await applyNumberHealth(deps, owner.id, health, event.at);
  return true;
}

function healthOf(field: AccountEvent['field'], v: Obj): NumberHealth {
  const health: NumberHealth = {};
  const quality = str(v.quality_rating)?.toUpperCase() ?? str(v.current_quality)?.toUpperCase();
  const eventWord = str(v.event)?.toUpperCase() ?? '';
  if (quality && QUALITIES.has(quality)) health.qualityRating = quality;
  else if (EVENT_QUALITY[eventWord]) health.qualityRating = EVENT_QUALITY[eventWord];
  if (field === 'account_update' && (eventWord === 'ACCOUNT_RESTRICTION' || eventWord === 'DISABLED_UPDATE'))
    health.qualityRating = 'FLAGGED';
  // Since early 2026 the limit is in `max_daily_conversations_per_business` (Meta drops `current_limit`);
  // the newer field wins while both come.
  const tier =
    str(v.max_daily_conversations_per_business) ??
    str(v.current_limit) ??
    str(v.messaging_limit_tier) ??
    str(v.whatsapp_business_manager_messaging_limit);
  if (tier) health.tier = tier.toUpperCase();
  const throughput = messagesPerSecondOf(str(obj(v.throughput)?.level));
  if (throughput !== undefined) health.messagesPerSecond = throughput;
  return health;
}

async function applyPreferences(deps: Deps, v: Obj): Promise<boolean> {
  const phoneNumberId = str(obj(v.metadata)?.phone_number_id);
  if (!phoneNumberId) return false;
  const owner = await businessOfCloudNumber(deps.db, phoneNumberId);
  if (!owner) return false;
  let changed = false;
  for (const item of Array.isArray(v.user_preferences) ? v.user_preferences : []) {
    const p = obj(item);
    const waId = str(p?.wa_id)?.replace(/\D/g, '');
    if (!p || !waId || str(p.value)?.toLowerCase() !== 'stop') continue;
    if ((str(p.category) ?? 'marketing_messages') !== 'marketing_messages') continue;
    if (
      await optOutForProvider(
        deps,
        owner.id,
        `+${waId}`,
        'The person stopped marketing messages (WhatsApp preference)',
      )
    )
      changed = true;
  }
  return changed;
}
