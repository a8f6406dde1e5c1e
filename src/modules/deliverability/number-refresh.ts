import type { AppDeps } from '../../deps.js';
import { cloudAccessOf } from '../../providers/messaging/cloud.port.js';
import { cloudBusinessIds, credentialsForSending } from '../business/index.js';
import { messagesPerSecondOf } from './messaging-limits.js';
import { applyNumberHealth } from './number-health.js';

type Deps = Pick<AppDeps, 'db' | 'cloud' | 'secretBox' | 'messaging' | 'notifier' | 'logger'>;

/**
 * Reads each Cloud business's number (`GET /{phone-number-id}`: quality, `messaging_limit_tier`,
 * `throughput.level`) and records what it says, as its webhooks would: the webhooks carry changes, this
 * catches a number connected before them, or a webhook missed. One business failing is logged and skipped.
 * Returns how many numbers were read.
 */
export async function refreshCloudNumbers(deps: Deps): Promise<number> {
  let read = 0;
  for (const b of await cloudBusinessIds(deps.db)) {
    try {
      const credentials = await credentialsForSending(deps, b.id);
      if (credentials?.provider !== 'whatsapp-cloud') continue;
      const number = await deps.cloud.checkPhoneNumber(cloudAccessOf(credentials), b.phoneNumberId);
      const throughput = messagesPerSecondOf(number.throughputLevel);
      await applyNumberHealth(deps, b.id, {
        qualityRating: number.qualityRating,
        tier: number.messagingLimitTier ?? null,
        ...(throughput !== undefined ? { messagesPerSecond: throughput } : {}),
      });
      read++;
    } catch (err) {
      deps.logger.warn({ err, businessId: b.id }, 'number health not read');
    }
  }
  return read;
}
