import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { afterQueued, queueAutomatedRepliesIn, type ReplyBody } from '../conversations/index.js';
import { admitSend, claimPending, lockForAdmission, pendingBusinesses } from './automation.repository.js';
import { automationOf } from './rule-cache.js';

/** Decided replies one business's batch takes (one transaction, one wallet lock). */
const BATCH = 200;

/**
 * One round of the automation job: the replies the engine decided are queued, a batch per business in one
 * transaction: the batch's rules and conversations locked first, then each reply in a savepoint admitted
 * (still on, within its dates, not paused, outside the cooldown, under the daily cap), checked, billed and
 * queued exactly as a member's reply. A reply refused (window, consent, credits) leaves nothing. Returns how
 * many were queued.
 */
export async function sendPendingAutomation(deps: AppDeps, log: Logger = deps.logger): Promise<number> {
  let total = 0;
  for (const businessId of await pendingBusinesses(deps.db, 50)) {
    const auto = await automationOf(deps.db, businessId);
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await claimPending(tx, businessId, BATCH);
      await lockForAdmission(
        tx,
        businessId,
        claimed.map((item) => item.ruleId),
        claimed.map((item) => item.conversationId),
      );
      return queueAutomatedRepliesIn(
        tx,
        businessId,
        claimed.map((item) => ({
          conversationId: item.conversationId,
          body: (typeof item.reply === 'string' ? JSON.parse(item.reply) : item.reply) as ReplyBody,
          automated: {
            ruleId: item.ruleId,
            ruleName: item.name,
            admit: (sp) =>
              admitSend(sp, {
                businessId,
                ruleId: item.ruleId,
                conversationId: item.conversationId,
                cooldownSeconds: item.cooldownSeconds ?? auto.cooldownSeconds,
                dailyCap: auto.dailyCap,
              }),
          },
        })),
        (err, item) =>
          log.info(
            { err, ruleId: item.automated.ruleId, conversationId: item.conversationId },
            'automation: reply not queued',
          ),
      );
    });
    await afterQueued(deps, businessId, queued);
    total += queued.length;
  }
  return total;
}
