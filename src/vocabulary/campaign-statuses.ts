/**
 * A campaign's status as the API answers it (the specification's four words). Owner: the campaigns module;
 * it is derived from the campaign's state (`campaign-states.ts`, `campaignStatusOf`): paused and stopped
 * campaigns are `pending`, as they still have messages to send. The real-time progress event, the API's
 * schemas and the console (`web/src/api/model.ts`, by `npm run web:api`) are derived from this list.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'pending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
