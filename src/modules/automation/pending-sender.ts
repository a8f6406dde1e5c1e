import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import {
  afterQueued,
  type QueuedReply,
  queueAutomatedReplyIn,
  type ReplyBody,
} from '../conversations/index.js';
import { admitSend, claimPending, pendingBusinesses } from './automation.repository.js';
import { automationOf } from './rule-cache.js';

/** Decided replies one business's batch takes (one transaction, one wallet lock). */
const BATCH = 200;

/**
 * One round of the automation job: the replies the engine decided are queued, a batch per business in one
 * transaction, each in a savepoint: admitted under the rule's and the conversation's locks (still on, within
 * its dates, not paused, outside the cooldown, under the daily cap), then checked, billed and queued exactly as
 * a member's reply. A reply refused (window, consent, credits) leaves nothing. Returns how many were queued.
 */
export async function sendPendingAutomation(deps: AppDeps, log: Logger = deps.logger): Promise<number> {
  let total = 0;
  for (const businessId of await pendingBusinesses(deps.db, 50)) {
    const auto = await automationOf(deps.db, businessId);
    const queued = await deps.db.transaction(async (tx) => {
      const out: QueuedReply[] = [];
      for (const item of await claimPending(tx, businessId, BATCH)) {
        const reply = (typeof item.reply === 'string' ? JSON.parse(item.reply) : item.reply) as ReplyBody;
        try {
          const q = await queueAutomatedReplyIn(tx, businessId, item.conversationId, reply, {
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
          });
          if (q) out.push(q);
        } catch (err) {
          log.info(
            { err, ruleId: item.ruleId, conversationId: item.conversationId },
            'automation: reply not queued',
          );
        }
      }
      return out;
    });
    await afterQueued(deps, businessId, queued);
    total += queued.length;
  }
  return total;
}
