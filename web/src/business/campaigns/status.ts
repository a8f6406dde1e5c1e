import type { CampaignStatus } from '../../api/model';
import { stateBadge } from '../../ui/badges';

/**
 * What a campaign's badge says: its state, except that one being delivered says Paused or Stopped when it is
 * (the API's `status` stays `pending` for those: they still have messages to send).
 */
export type ShownStatus = CampaignStatus | 'paused' | 'stopped';

export function shownStatus(c: {
  status: CampaignStatus;
  pausedAt?: string | null;
  stoppedAt?: string | null;
}): ShownStatus {
  if (c.status === 'pending' && c.stoppedAt) return 'stopped';
  if (c.status === 'pending' && c.pausedAt) return 'paused';
  return c.status;
}

export const CampaignBadge = stateBadge<ShownStatus>(
  { draft: 'gray', scheduled: 'violet', pending: 'orange', sent: 'green', paused: 'yellow', stopped: 'red' },
  {
    draft: 'Draft',
    scheduled: 'Scheduled',
    pending: 'Sending',
    sent: 'Sent',
    paused: 'Paused',
    stopped: 'Stopped',
  },
);
