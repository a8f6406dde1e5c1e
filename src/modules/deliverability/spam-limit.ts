import type { AppDeps } from '../../deps.js';
import { pauseMarketingCampaigns } from '../campaigns/index.js';

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'logger'>;

/** The pause reason a spam limit gives (the words the campaign page shows). */
export const SPAM_LIMIT_REASON =
  'WhatsApp is limiting your number for spam (code 131048): marketing campaigns paused to protect it';

/**
 * Meta refused a message with 131048 (spam rate limit hit): the number itself is being restricted, so every
 * marketing send would meet the same wall and count against the number. Treated as a quality drop to red:
 * the business's marketing campaigns being delivered or waiting pause with the reason, the business is told
 * and resumes them when it chooses, the admins are told which business. A second 131048 finds nothing left
 * to pause and tells nobody again. Returns the names of the campaigns paused.
 */
export async function applySpamLimit(deps: Deps, businessId: string): Promise<string[]> {
  const paused = await pauseMarketingCampaigns(deps, businessId, SPAM_LIMIT_REASON);
  if (!paused.length) return paused;
  await tell(deps, () =>
    deps.notifier.toBusiness(businessId, {
      type: 'campaign.paused',
      title: 'Marketing paused: number limited for spam',
      message: `${SPAM_LIMIT_REASON} (${paused.map((n) => `"${n}"`).join(', ')}). Resume them when you choose.`,
    }),
  );
  await tell(deps, () =>
    deps.notifier.toAdmins({
      type: 'business.quality_dropped',
      title: 'A business number is limited for spam',
      message: `Business ${businessId}: WhatsApp code 131048 (spam rate limit); ${paused.length} marketing campaign(s) paused.`,
    }),
  );
  return paused;
}

async function tell(deps: Deps, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.logger.warn({ err }, 'spam limit notification not created');
  }
}
