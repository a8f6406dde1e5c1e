import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors';
import { adminBusinessesQuery, adminTransactionsQuery } from '../../api/queries/admin';
import { adminOverviewQuery } from '../../api/queries/analytics';
import { adminTicketsQuery } from '../../api/queries/tickets';
import { TransactionBadge } from '../../ui/badges';
import { Chart } from '../../ui/chart';
import { formatDateTime, formatMoney, formatNumber, rate, shortDay, waitedFor } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { type Column, ListView } from '../../ui/list';
import { Empty, PageHeader } from '../../ui/page';
import { useQueueLive } from '../businesses/live';

/** What needs an administrator now (queue, flagged money, open tickets) and how the platform is doing. */
export function AdminHome() {
  useQueueLive();
  const queue = useQuery(
    adminBusinessesQuery({ verified: 'pending', submitted: 'true', sort: 'waiting', pageSize: 5 }),
  );
  const flagged = useQuery(adminTransactionsQuery({ flagged: 'true', pageSize: 5 }));
  const tickets = useQuery(adminTicketsQuery({ status: 'open', pageSize: 5 }));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Admin home"
        description="What is waiting for you, and the platform's last 30 days."
      />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Panel
          title="Waiting for verification"
          total={queue.data?.total}
          link={
            <AnchorLink to="/admin/businesses" size="sm" mt="sm" display="block">
              Open the queue
            </AnchorLink>
          }
          error={queue.error}
        >
          <PanelRows
            items={queue.data?.items}
            empty="No business is waiting."
            row={(b) => (
              <>
                <AnchorLink to="/admin/businesses/$id" params={{ id: b.id }} truncate>
                  {b.companyName || b.account.name}
                </AnchorLink>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  waiting {waitedFor(b.verificationSubmittedAt)}
                </Text>
              </>
            )}
          />
        </Panel>
        <Panel
          title="Flagged transactions"
          total={flagged.data?.total}
          link={
            <AnchorLink to="/admin/transactions" search={{ flagged: true }} size="sm" mt="sm" display="block">
              Review them
            </AnchorLink>
          }
          error={flagged.error}
        >
          <PanelRows
            items={flagged.data?.items}
            empty="Nothing is flagged."
            row={(t) => (
              <>
                <AnchorLink to="/admin/transactions" search={{ flagged: true, open: t.id }} truncate>
                  {t.companyName ?? 'Business'}:{' '}
                  {formatMoney(t.amount, t.currency === 'CREDIT' ? 'USD' : t.currency)}
                </AnchorLink>
                <TransactionBadge state={t.status} />
              </>
            )}
          />
        </Panel>
        <Panel
          title="Open tickets"
          total={tickets.data?.total}
          link={
            <AnchorLink to="/admin/tickets" search={{ status: 'open' }} size="sm" mt="sm" display="block">
              All tickets
            </AnchorLink>
          }
          error={tickets.error}
        >
          <PanelRows
            items={tickets.data?.items}
            empty="No open ticket."
            row={(t) => (
              <>
                <AnchorLink to="/admin/tickets/$id" params={{ id: t.id }} truncate>
                  {t.question}
                </AnchorLink>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(t.updatedAt)}
                </Text>
              </>
            )}
          />
        </Panel>
      </SimpleGrid>
      <PlatformTotals />
    </Stack>
  );
}

/** A panel's few rows, each a link with a note on the right, or why there is none. */
function PanelRows<T extends { id: string }>(props: {
  items: T[] | undefined;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  if (!props.items) return null;
  if (!props.items.length) return <Empty>{props.empty}</Empty>;
  return (
    <Stack gap={6}>
      {props.items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
          {props.row(item)}
        </Group>
      ))}
    </Stack>
  );
}

function Panel(props: {
  title: string;
  total: number | undefined;
  /** Where the whole list is (a link drawn under the panel). */
  link: ReactNode;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={props.title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Text fw={700} size="xl" aria-label={`${props.total ?? 0} in all`}>
          {props.total ?? ''}
        </Text>
      </Group>
      {props.error ? (
        <Text role="alert" c="red.9">
          {errorText(props.error)}
        </Text>
      ) : props.total === undefined ? (
        <Skeleton h={80} />
      ) : (
        props.children
      )}
      {props.link}
    </Card>
  );
}

function PlatformTotals() {
  const { data, error, isPending } = useQuery(adminOverviewQuery);
  if (isPending) return <Skeleton h={300} />;
  if (error)
    return (
      <Text role="alert" c="red.9">
        Platform totals could not load: {errorText(error)}
      </Text>
    );
  const t = data.totals;
  const figures = [
    ['Messages sent', formatNumber(t.sent)],
    ['Delivery rate', rate(t.delivered, t.sent)],
    ['Read rate', rate(t.read, t.delivered)],
    ['Credits sold', formatNumber(t.creditsSold, 2)],
    ['New businesses', formatNumber(t.newBusinesses)],
  ] as const;
  return (
    <Stack gap="md" component="section" aria-label="Platform totals">
      <Title order={2} size="h3">
        Platform, {data.from} to {data.to}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {figures.map(([label, value]) => (
          <Card key={label} withBorder padding="sm" role="group" aria-label={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={3} size="h5" mb="sm">
          Messages per day
        </Title>
        <Chart
          kind="area"
          label="Messages per day"
          h={210}
          data={data.days}
          xLabel="Day"
          x={(d) => shortDay(d.day)}
          xLong={(d) => d.day}
          series={[
            { name: 'sent', label: 'Sent', color: 'blue.8' },
            { name: 'delivered', label: 'Delivered', color: 'teal.8' },
            { name: 'read', label: 'Read', color: 'grape.8' },
            { name: 'failed', label: 'Failed', color: 'red.9' },
          ]}
          integers
        />
      </Card>
      {/* Counts and credits are charted apart: on one axis a day's thousand credits flattens the sign-ups. */}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb="sm">
            New businesses per day
          </Title>
          <Chart
            kind="bar"
            label="New businesses per day"
            h={200}
            data={data.days}
            xLabel="Day"
            x={(d) => shortDay(d.day)}
            xLong={(d) => d.day}
            series={[{ name: 'newBusinesses', label: 'New businesses', color: 'blue.8' }]}
            integers
          />
        </Card>
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb="sm">
            Credits sold per day
          </Title>
          <Chart
            kind="bar"
            label="Credits sold per day"
            h={200}
            data={data.days}
            xLabel="Day"
            x={(d) => shortDay(d.day)}
            xLong={(d) => d.day}
            series={[{ name: 'creditsSold', label: 'Credits sold', color: 'orange.9' }]}
            format={(v) => formatNumber(v, 2)}
          />
        </Card>
      </SimpleGrid>
      <DaysTable days={data.days} />
    </Stack>
  );
}

/** The charts' numbers as a table: readable without seeing the chart, and by a screen reader. */
interface Day {
  day: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  newBusinesses: number;
  creditsSold: number;
}

function DaysTable({ days }: { days: Day[] }) {
  const recent = days.slice(-7).reverse();
  const count = (header: string, value: (d: Day) => number, digits?: number): Column<Day> => ({
    header,
    align: 'right',
    cell: (d) => formatNumber(value(d), digits),
  });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        The last seven days
      </Title>
      <ListView<Day>
        noun="days"
        label="The last seven days"
        items={recent}
        empty="No day counted yet."
        bare
        striped
        rowKey={(d) => d.day}
        minWidth={560}
        columns={[
          { header: 'Day', cell: (d) => d.day, style: { whiteSpace: 'nowrap' } },
          count('Sent', (d) => d.sent),
          count('Delivered', (d) => d.delivered),
          count('Read', (d) => d.read),
          count('Failed', (d) => d.failed),
          count('New businesses', (d) => d.newBusinesses),
          count('Credits sold', (d) => d.creditsSold, 2),
        ]}
      />
    </Stack>
  );
}
