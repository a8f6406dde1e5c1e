/**
 * A campaign's status as the API answers it. Owner: the campaigns module (`campaignStatus` derives it from
 * the campaign's columns); the real-time progress event, the API's schemas and the console's badge
 * (`web/src/api/model.ts`, by `npm run web:api`) are derived from this list. A campaign being delivered shows
 * as paused or stopped in the console when it is: those are `pending` here, with `pausedAt` or `stoppedAt`.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'pending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
