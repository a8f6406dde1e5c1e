import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import type { NotificationRecord, NotifierPort } from '../../platform/notifier.port.js';

/** What the business is told about its campaigns. The one place these notices are worded. */
export const campaignNotices = {
  /** A campaign went out (published for now, or its scheduled time came). */
  sent: (campaign: { name: string; recipientCount: number }) => ({
    type: 'campaign.sent' as const,
    title: 'Campaign sent',
    message: `"${campaign.name}" is being sent to ${campaign.recipientCount} recipient${
      campaign.recipientCount === 1 ? '' : 's'
    }.`,
  }),
  /** A scheduled campaign to a segment could not go out at its time and is a draft again. */
  notSent: (campaign: { name: string; reason: string }) => ({
    type: 'campaign.not_sent' as const,
    title: 'Scheduled campaign not sent',
    message: `"${campaign.name}" did not go out at its scheduled time: ${campaign.reason}. It is a draft again and nothing was charged; edit it and publish it again.`,
  }),
  completed: (campaign: { name: string; sentCount: number; failedCount: number }) => ({
    type: 'campaign.completed' as const,
    title: 'Campaign completed',
    message: `"${campaign.name}" has finished: ${campaign.sentCount} sent, ${campaign.failedCount} failed.`,
  }),
};

/** Tells the business its campaign is going out. A failure is logged: the campaign goes out regardless. */
export async function notifyCampaignSent(
  deps: Pick<AppDeps, 'notifier' | 'logger'>,
  campaign: { id: string; businessId: string; name: string; recipientCount: number },
): Promise<void> {
  try {
    await deps.notifier.toBusiness(campaign.businessId, campaignNotices.sent(campaign));
  } catch (err) {
    deps.logger.warn({ err, campaignId: campaign.id }, 'campaign-sent notification not created');
  }
}

/** Records the completion notice in the caller's transaction; push it with `Notifier.announce` after commit. */
export function recordCampaignCompleted(
  notifier: NotifierPort,
  tx: Db,
  businessId: string,
  campaign: { name: string; sentCount: number; failedCount: number },
): Promise<NotificationRecord> {
  return notifier.recordForBusiness(tx, businessId, campaignNotices.completed(campaign));
}
