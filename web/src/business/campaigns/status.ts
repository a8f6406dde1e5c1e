import type { CampaignState } from '../../api/model';
import { stateBadge } from '../../ui/badges';

/** What a campaign's badge says: its state, as the API answers it (`state`). */
export const CampaignBadge = stateBadge<CampaignState>(
  {
    draft: 'gray',
    scheduled: 'violet',
    sending: 'orange',
    paused: 'yellow',
    stopped: 'red',
    completed: 'green',
  },
  {
    draft: 'Draft',
    scheduled: 'Scheduled',
    sending: 'Sending',
    paused: 'Paused',
    stopped: 'Stopped',
    completed: 'Sent',
  },
);
