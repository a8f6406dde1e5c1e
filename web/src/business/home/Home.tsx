import {
  Alert,
  Badge,
  Box,
  Card,
  Group,
  List,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { overviewQuery } from '../../api/queries/analytics';
import { campaignStatsQuery, campaignsQuery } from '../../api/queries/campaigns';
import { contactsCountQuery } from '../../api/queries/contacts';
import { Icons } from '../../app/icons';
import { useCan, useSession } from '../../auth/session';
import { formatNumber } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { type CampaignRow, campaignColumns } from '../campaigns/campaign-columns';
import { ActivityChart } from './ActivityChart';
import { NumberHealth } from './NumberHealth';
import { SpendByCountry } from './SpendByCountry';

/** Below this many credits the home page warns (the wallet page sells more). */
export const LOW_CREDITS = 100;

export function Home() {
  const session = useSession();
  if (!session.business) return <AdminHome />;
  return <BusinessHome />;
}

function AdminHome() {
  const session = useSession();
  return (
    <PageHeader title={`Welcome, ${session.user.name}`} description="Use the menu to work on the platform." />
  );
}

function BusinessHome() {
  const session = useSession();
  const may = useCan();
  const business = session.business!;
  const contacts = useQuery(contactsCountQuery);
  const stats = useQuery(campaignStatsQuery);
  const recent = useQuery(campaignsQuery({ page: 1, pageSize: 5 }));
  const overview = useQuery(overviewQuery);
  const balance = business.wallet?.balance ?? 0;

  const steps = [
    { done: session.user.verified, label: 'Verify your e-mail address', to: '/verify-email' },
    {
      done: !!(business.companyName && business.address && business.countryCode),
      label: 'Complete your business profile',
      to: '/settings?tab=business',
    },
    {
      done: !!business.verificationSubmittedAt || business.businessVerified === 'accepted',
      label: 'Submit your business for verification',
      to: '/settings?tab=business',
    },
    { done: !!business.wabaNumber, label: 'Connect your messaging provider', to: '/settings?tab=provider' },
    { done: (contacts.data?.total ?? 0) > 0, label: 'Add contacts', to: '/contacts' },
    {
      done: (stats.data?.sent ?? 0) + (stats.data?.pending ?? 0) > 0,
      label: 'Send a first campaign',
      to: '/campaigns/new',
    },
  ];
  const doneCount = steps.filter((s) => s.done).length;

  const header = (
    <PageHeader title={`Welcome, ${session.user.name}`} description={business.companyName ?? undefined} />
  );
  // The checklist needs the contacts and campaign counts; drawing the rest before them would push it all
  // down when the checklist arrives (a layout shift), so the page waits for those two quick reads.
  if (!contacts.isFetched || !stats.isFetched) {
    return (
      <Stack>
        {header}
        <Loader aria-label="Loading your home page" />
      </Stack>
    );
  }
  return (
    <Stack>
      {header}
      {balance < LOW_CREDITS && may('wallet:purchase') && (
        <Alert color="orange" title="Credits are running low" role="status">
          You have {formatNumber(balance)} credits left.{' '}
          <AnchorLink to="/wallet" c="inherit" fw={700} td="underline">
            Buy credits
          </AnchorLink>{' '}
          before your next campaign.
        </Alert>
      )}
      {business.wabaNumber && <NumberHealth limit={business.messagingLimit} />}
      {doneCount < steps.length && may('business:write') && contacts.isSuccess && stats.isSuccess && (
        <Card withBorder>
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Get started
              </Title>
              <Text size="sm">
                {doneCount} of {steps.length} done
              </Text>
            </Group>
            <Progress value={(doneCount / steps.length) * 100} aria-label="Onboarding progress" />
            <List spacing={6} listStyleType="none" p={0}>
              {steps.map((s) => (
                <List.Item key={s.label}>
                  <Group gap="xs" wrap="nowrap">
                    <Badge color={s.done ? 'teal.9' : 'gray.8'} variant="filled" size="sm" w={64}>
                      {s.done ? 'Done' : 'To do'}
                    </Badge>
                    {s.done ? (
                      <Text size="sm" td="line-through" c="dimmed">
                        {s.label}
                      </Text>
                    ) : (
                      <AnchorLink to={s.to} size="sm">
                        {s.label}
                      </AnchorLink>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Credits
          </Text>
          <Text fz={28} fw={700}>
            {formatNumber(balance)}
          </Text>
          <AnchorLink to="/wallet" size="sm">
            Wallet
          </AnchorLink>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Plan
          </Text>
          <Text fz={22} fw={700}>
            {business.userPlan ? business.userPlan.plan.name : 'No plan'}
          </Text>
          <Text size="sm">
            {business.userPlan
              ? `${formatNumber(business.userPlan.balance)} plan credits until ${new Date(business.userPlan.expiredDate).toLocaleDateString()}`
              : 'Pay per campaign with credits'}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Opt-ins and opt-outs (30 days)
          </Text>
          <Text fz={22} fw={700}>
            {overview.data
              ? `+${formatNumber(overview.data.totals.optIns)} / −${formatNumber(overview.data.totals.optOuts)}`
              : '—'}
          </Text>
          <Text size="sm">{formatNumber(contacts.data?.total)} contacts</Text>
        </Card>
      </SimpleGrid>
      {/* The chart's room (legend and drawing) is kept while the overview loads, so nothing below it jumps. */}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Messages, last 30 days
        </Title>
        <Box mih={240}>
          {overview.data ? (
            <ActivityChart days={overview.data.days} />
          ) : overview.isError ? (
            <Text size="sm" role="alert">
              {errorText(overview.error)}
            </Text>
          ) : (
            <Text size="sm">Loading the chart…</Text>
          )}
        </Box>
      </Card>
      <Card withBorder>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Recent campaigns
          </Title>
          <AnchorLink to="/campaigns/new" size="sm">
            <Group gap={4}>
              <Icons.Campaigns size={16} /> New campaign
            </Group>
          </AnchorLink>
        </Group>
        <ListView<CampaignRow>
          noun="recent campaigns"
          items={recent.data?.items}
          error={recent.error}
          empty="No campaigns yet."
          bare
          rowKey={(c) => c.id}
          minWidth={480}
          columns={campaignColumns({ withWhen: false })}
        />
      </Card>
      {may('reports:read') && <SpendByCountry />}
    </Stack>
  );
}
