import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import {
  type CloudErrorClass,
  classifyCloudError,
  classifyGatewayFailure,
} from '../../providers/messaging/cloud-errors.js';
import { stopCampaignSends } from '../campaigns/index.js';
import { optOutForProvider } from '../consent/index.js';
import { applySpamLimit } from '../deliverability/index.js';
import { applyReportedFailures, type Receipt } from '../messages/index.js';

/** A gateway report's outcome and words, from its `errorCode` and `cause`. */
export const gatewayOutcome = (r: Receipt): CloudErrorClass =>
  classifyGatewayFailure(r.reason ?? null, r.errorCode ?? null);

/** A Cloud status's outcome and words, from its error code (a 400: the status is not a transport error). */
const cloudOutcome = (r: Receipt): CloudErrorClass =>
  classifyCloudError(400, r.errorCode && /^\d+$/.test(r.errorCode) ? Number(r.errorCode) : null, '');

/**
 * Failed statuses are handled by their cause like failed sends (the failure table): each message records
 * what its code calls for (and is refunded by the dispatcher's sweep once final); a deferral goes back to the
 * queue for a day; a template, token or permission code stops the campaign's remaining sends; a stop of
 * marketing opts the person out; a spam limit on the number (131048) pauses the business's marketing. Runs after the receipts were written; a failure here is logged, since the
 * statuses themselves are stored.
 */
export async function handleReportedFailures(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>,
  receipts: Receipt[],
  log: Logger,
  classify: (r: Receipt) => CloudErrorClass = cloudOutcome,
): Promise<void> {
  const failed = receipts.filter((r) => r.event === 'failed');
  if (!failed.length) return;
  try {
    const results = await applyReportedFailures(
      deps.db,
      failed.map((r) => ({ providerMessageId: r.providerMessageId, outcome: classify(r).outcome })),
    );
    const words = new Map(failed.map((r) => [r.providerMessageId, classify(r).reason]));
    for (const r of results) {
      const reason = words.get(r.providerMessageId) ?? r.reason;
      if (r.outcome === 'stop')
        await stopCampaignSends(deps, { id: r.campaignId, businessId: r.businessId }, reason);
      else if (r.outcome === 'optout') await optOutForProvider(deps, r.businessId, r.phoneNumber, reason);
      else if (r.outcome === 'pause') await applySpamLimit(deps, r.businessId);
    }
  } catch (err) {
    log.error({ err, count: failed.length }, 'reported failures not handled by their cause');
  }
}
