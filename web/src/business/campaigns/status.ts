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

/**
 * The badge a campaign shows: its state, except that one being delivered says Paused or Stopped when it is
 * (the API's `status` stays `pending` for those: they still have messages to send).
 */
export function statusBadge(c: {
  status: CampaignStatus;
  pausedAt?: string | null;
  stoppedAt?: string | null;
}): { label: string; color: string } {
  if (c.status === 'pending' && c.stoppedAt) return { label: 'Stopped', color: 'red' };
  if (c.status === 'pending' && c.pausedAt) return { label: 'Paused', color: 'yellow' };
  return { label: STATUS_LABEL[c.status], color: STATUS_COLOR[c.status] };
}
