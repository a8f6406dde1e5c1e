import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, download, saveBlob, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { MESSAGE_STATE_LABELS, MESSAGE_STATES, type RoomEvents } from '../../api/model';
import {
  campaignKeys,
  campaignMessagesQuery,
  campaignQuery,
  campaignReportQuery,
} from '../../api/queries/campaigns';
import type { Data } from '../../api/types';
import { useCan } from '../../auth/session';
import { useLiveEvent } from '../../realtime/socket';
import { MessageStateBadge } from '../../ui/badges';
import { formatDateTime, formatNumber } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { DEFAULT_PAGE_SIZE } from '../../ui/search';
import { CampaignControls } from './CampaignControls';
import { CostByCountry } from './CostByCountry';
import { DeliverabilityAlerts } from './DeliverabilityAlerts';
import { FailureGroups } from './FailureGroups';
import { FollowUps } from './FollowUps';
import { LinkClicks } from './LinkClicks';
import { CampaignBadge } from './status';
import { TimelineChart } from './TimelineChart';
import { Variants } from './Variants';

type LiveProgress = RoomEvents['campaignProgress'];
type Recipient = Data<'/api/v1/campaigns/{id}/messages', 'get'>['items'][number];

/** The recipients' filter: every message state the service has, or all of them. */
const STATES = [
  { value: 'all', label: 'All' },
  ...MESSAGE_STATES.map((s) => ({ value: s, label: MESSAGE_STATE_LABELS[s] })),
];

const route = getRouteApi('/app/campaigns/$id');

export function CampaignPage() {
  const { id } = route.useParams();
  const search = route.useSearch();
  const may = useCan();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveProgress | null>(null);

  const campaign = useQuery({
    ...campaignQuery(id),
    // While it sends, the socket pushes progress; this poll only backs it up (a dropped connection).
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' || q.state.data?.status === 'scheduled' ? 5000 : false,
  });
  const report = useQuery({
    ...campaignReportQuery(id),
    enabled: campaign.data?.status === 'pending' || campaign.data?.status === 'sent',
  });
  const state = MESSAGE_STATES.find((s) => s === search.state);
  const messages = useQuery({
    ...campaignMessagesQuery(id, { page: search.page, pageSize: DEFAULT_PAGE_SIZE, status: state }),
    enabled: !!campaign.data && campaign.data.status !== 'draft',
    placeholderData: keepPreviousData,
  });

  useLiveEvent('campaignProgress', (p) => {
    if (p.campaignId !== id) return;
    setLive(p);
    // The campaign's status moved (`sent`: it completed), or a completed campaign's messages still move
    // (delivery reports come after the sends): the campaign, its report (timeline, failure reasons) and the
    // lists are read again.
    if (p.status === 'sent' || (campaign.data && p.status !== campaign.data.status)) {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    }
  });

  if (campaign.isError) return <Text role="alert">{errorText(campaign.error)}</Text>;
  if (!campaign.data) return <Text>Loading…</Text>;
  const c = campaign.data;
  const status = c.status;
  const r = report.data;
  // The socket's progress, the report and the campaign all count the funnel: a message that is delivered or
  // read was sent first, so `sent` includes it (and one that failed after it was sent).
  const counts = {
    recipients: live?.recipients ?? r?.recipients ?? c.recipientCount,
    failed: live?.failed ?? r?.states.failed ?? c.delivery.failed,
    pending: live?.pending ?? r?.pending ?? c.delivery.pending,
  };
  const reached = {
    sent: live?.sent ?? r?.reached.sent ?? c.delivery.sent,
    delivered: live?.delivered ?? r?.reached.delivered ?? 0,
    read: live?.read ?? r?.reached.read ?? 0,
    clicked: live?.clicked ?? r?.reached.clicked ?? 0,
    replied: live?.replied ?? r?.reached.replied ?? 0,
  };
  // Processed: no longer waiting to be sent (a message that failed after it was sent counts once).
  const done = Math.max(0, counts.recipients - counts.pending);
  const percent = counts.recipients ? Math.min(100, (done / counts.recipients) * 100) : 0;

  const remove = async () => {
    if (!window.confirm(`Delete the draft "${c.name}"?`)) return;
    try {
      await unwrap(api.DELETE('/api/v1/campaigns/{id}', { params: { path: { id } } }));
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      await navigate({ to: '/campaigns' });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not deleted', message: errorText(err) });
    }
  };
  const exportRecipients = async (format: 'csv' | 'xlsx') => {
    try {
      const file = await download(
        `/api/v1/campaigns/${id}/messages/export?format=${format}${state ? `&status=${state}` : ''}`,
      );
      saveBlob(file.blob, file.fileName);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorText(err) });
    }
  };

  return (
    <Stack>
      <PageHeader title={c.name} description={<AnchorLink to="/campaigns">All campaigns</AnchorLink>}>
        <CampaignBadge state={c.state} testId="campaign-status" />
        {status === 'draft' && may('campaigns:write') && (
          <>
            <Button component={Link} to={`/campaigns/${id}/edit`}>
              Edit
            </Button>
            <Button variant="outline" color="red.9" onClick={remove}>
              Delete
            </Button>
          </>
        )}
        {may('campaigns:publish') && <CampaignControls campaign={c} />}
      </PageHeader>
      <DeliverabilityAlerts campaign={c} />
      {status === 'scheduled' && c.scheduledAt && (
        <Alert color="violet" title="Scheduled">
          Sends on {formatDateTime(c.scheduledAt, c.timeZone)}
          {c.timeZone &&
            c.timeZone !== Intl.DateTimeFormat().resolvedOptions().timeZone &&
            ` (your time: ${formatDateTime(c.scheduledAt)})`}
          .
        </Alert>
      )}
      {c.stoppedAt && (
        <Alert color="red" title="Sending stopped" role="alert">
          WhatsApp refused the campaign's messages on {formatDateTime(c.stoppedAt)}, so the rest were not
          sent: {c.stopReason ?? 'no reason given'}.
        </Alert>
      )}
      {status !== 'draft' && status !== 'scheduled' && (
        <Card withBorder>
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {status === 'pending' ? 'Sending' : 'Sent'}
              </Title>
              <Text size="sm" data-testid="progress-text">
                {formatNumber(done)} of {formatNumber(counts.recipients)} processed
              </Text>
            </Group>
            <Progress value={percent} aria-label="Sending progress" animated={status === 'pending'} />
            <SimpleGrid cols={{ base: 2, sm: c.trackClicks ? 7 : 6 }} mt="sm">
              {[
                { label: 'Recipients', value: counts.recipients },
                { label: 'Sent', value: reached.sent },
                { label: 'Delivered', value: reached.delivered, of: reached.sent },
                { label: 'Read', value: reached.read, of: reached.delivered },
                ...(c.trackClicks
                  ? [{ label: 'Clicked', value: reached.clicked, of: reached.delivered }]
                  : []),
                { label: 'Replied', value: reached.replied, of: reached.delivered },
                { label: 'Failed', value: counts.failed },
              ].map((f) => (
                // A rate is of the step before (delivered of sent, read of delivered), when there is one.
                <Figure
                  key={f.label}
                  label={f.label}
                  value={f.value}
                  rate={f.of ? f.value / f.of : undefined}
                />
              ))}
            </SimpleGrid>
            {c.cost !== null && <Text size="sm">Cost: {formatNumber(c.cost, 2)} credits</Text>}
            {r && r.pricing.billed + r.pricing.free > 0 && (
              <Text size="sm" data-testid="whatsapp-pricing">
                WhatsApp billed {formatNumber(r.pricing.billed)}, free {formatNumber(r.pricing.free)}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {c.variants && status !== 'draft' && status !== 'scheduled' && (
        <Variants campaignId={id} live={live ? reached.read + reached.clicked : 0} />
      )}
      {r && <CostByCountry report={r} />}
      {r && <LinkClicks links={r.links} delivered={reached.delivered} />}
      {(status === 'sent' || status === 'pending') && (
        <FollowUps campaignId={id} tracksClicks={c.trackClicks} />
      )}
      {r && r.timeline.buckets.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Timeline
          </Title>
          <TimelineChart data={r.timeline.buckets} />
        </Card>
      )}
      {r && <FailureGroups report={r} />}
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Message
          </Title>
          {c.header && <Text fw={700}>{c.header}</Text>}
          <Text style={{ whiteSpace: 'pre-wrap' }}>{c.message}</Text>
        </Stack>
      </Card>
      {status !== 'draft' && (
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Recipients
            </Title>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => exportRecipients('csv')}>
                Export CSV
              </Button>
              <Button size="xs" variant="default" onClick={() => exportRecipients('xlsx')}>
                Export XLSX
              </Button>
            </Group>
          </Group>
          <SegmentedControl
            aria-label="Message state"
            mb="sm"
            value={state ?? 'all'}
            onChange={(s) => void navigate({ search: { state: s === 'all' ? undefined : s, page: 1 } })}
            data={STATES}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
          <ListView<Recipient>
            noun="recipients"
            items={messages.data?.items}
            error={messages.error}
            empty="No recipient in this state."
            paging={{
              page: messages.data,
              go: (patch) => void navigate({ search: { ...search, ...patch } }),
              fixedSize: true,
            }}
            bare
            striped
            rowKey={(m) => m.id}
            minWidth={560}
            columns={[
              { header: 'Name', cell: (m) => `${m.firstName} ${m.lastName}` },
              { header: 'Phone number', cell: (m) => m.phoneNumber },
              { header: 'State', cell: (m) => <MessageStateBadge state={m.status} /> },
              { header: 'Clicked', cell: (m) => (m.clickedAt ? formatDateTime(m.clickedAt) : '') },
              { header: 'Reason', cell: (m) => m.failureReason ?? '' },
            ]}
          />
        </Card>
      )}
    </Stack>
  );
}

function Figure({ label, value, rate }: { label: string; value: number; rate?: number }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={`count-${label.toLowerCase()}`}>
        {formatNumber(value)}
      </Text>
      {rate !== undefined && <Text size="xs">{formatNumber(rate * 100, 1)}%</Text>}
    </Stack>
  );
}
