import type { Data } from '../../api/types';
import { formatDateTime, formatNumber } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import type { Column } from '../../ui/list';
import { CampaignBadge } from './status';

export type CampaignRow = Data<'/api/v1/campaigns', 'get'>['items'][number];

/** When a campaign goes (at its own zone's time) or went out. */
function when(c: CampaignRow): string {
  return c.status === 'scheduled' || (c.status === 'draft' && c.isScheduled)
    ? formatDateTime(c.scheduledAt, c.timeZone)
    : formatDateTime(c.sentOutAt ?? c.publishedAt ?? c.createdAt);
}

/** The columns a list of campaigns shows (the campaigns page, the home's recent ones without "When"). */
export function campaignColumns({ withWhen }: { withWhen: boolean }): Column<CampaignRow>[] {
  return [
    {
      header: 'Name',
      cell: (c) => (
        <AnchorLink to="/campaigns/$id" params={{ id: c.id }}>
          {c.name}
        </AnchorLink>
      ),
    },
    { header: 'Status', cell: (c) => <CampaignBadge state={c.state} /> },
    ...(withWhen ? [{ header: 'When', cell: when }] : []),
    { header: 'Recipients', align: 'right', cell: (c) => formatNumber(c.recipientCount) },
    { header: 'Sent', align: 'right', cell: (c) => formatNumber(c.sentCount) },
    { header: 'Failed', align: 'right', cell: (c) => formatNumber(c.failedCount) },
  ];
}
