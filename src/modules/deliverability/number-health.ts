import type { AppDeps } from '../../deps.js';
import {
  QUALITIES_THAT_PAUSE_MARKETING as LOW_QUALITY,
  pauseMarketingCampaigns,
  qualityPauseReason,
} from '../campaigns/index.js';
import { recipientsOfTier, writeLimit } from './messaging-limits.js';

export interface NumberHealth {
  qualityRating?: string | null;
  tier?: string | null;
  messagesPerSecond?: number | null;
}

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'logger'>;

/**
 * What a Cloud webhook (or a read of the number) says about a business's number: its quality and its
 * messaging limit tier are recorded (the tier sets the daily limit). When the quality falls to red or the
 * number is flagged, the business's marketing campaigns being delivered pause; the business is told why and
 * that it resumes them when it chooses, the admins are told which business. A limit that changed is told
 * to the business. Returns the campaigns paused.
 */
export async function applyNumberHealth(
  deps: Deps,
  businessId: string,
  health: NumberHealth,
  /** When the Cloud said so (a webhook's `entry.time`): older than what was applied, it changes nothing. */
  at: Date | null = null,
): Promise<string[]> {
  const patch: Parameters<typeof writeLimit>[2] = {};
  if (health.qualityRating) patch.qualityRating = health.qualityRating.toUpperCase();
  if (health.tier) {
    const daily = recipientsOfTier(health.tier);
    patch.tier = health.tier;
    if (daily !== undefined) patch.dailyRecipients = daily;
  }
  if (health.messagesPerSecond !== undefined) patch.messagesPerSecond = health.messagesPerSecond;
  if (!Object.keys(patch).length) return [];
  const { before, after } = await writeLimit(deps.db, businessId, patch, 'cloud', at);
  let paused: string[] = [];
  const quality = after.qualityRating;
  if (quality && LOW_QUALITY.has(quality) && !LOW_QUALITY.has(before?.qualityRating ?? '')) {
    const reason = qualityPauseReason(quality);
    paused = await pauseMarketingCampaigns(deps, businessId, reason);
    await tell(deps, () =>
      deps.notifier.toBusiness(businessId, {
        type: 'campaign.paused',
        title: 'Marketing paused: number quality',
        message: `${reason}${paused.length ? ` (${paused.map((n) => `"${n}"`).join(', ')})` : ''}. Resume them when you choose.`,
      }),
    );
    await tell(deps, () =>
      deps.notifier.toAdmins({
        type: 'business.quality_dropped',
        title: 'A business number dropped in quality',
        message: `Business ${businessId}: quality ${after.qualityRating}; ${paused.length} marketing campaign(s) paused.`,
      }),
    );
  }
  if (patch.dailyRecipients !== undefined && before?.dailyRecipients !== after.dailyRecipients) {
    await tell(deps, () =>
      deps.notifier.toBusiness(businessId, {
        type: 'business.messaging_limit_changed',
        title: 'Messaging limit changed',
        message:
          after.dailyRecipients === null
            ? 'Your number may now start conversations with any number of people a day.'
            : `Your number may now start conversations with ${after.dailyRecipients.toLocaleString('en')} people in 24 hours.`,
      }),
    );
  }
  return paused;
}

async function tell(deps: Deps, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.logger.warn({ err }, 'deliverability notification not created');
  }
}
