import type { Data } from '../../api/types';

/** A campaign's state as the API names it. */
export type CampaignStatus = Data<'/api/v1/campaigns/{id}', 'get'>['status'];

/** What the console calls each state. */
export const STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  pending: 'Sending',
  sent: 'Sent',
};

export const STATUS_COLOR: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'violet',
  pending: 'orange',
  sent: 'green',
};
