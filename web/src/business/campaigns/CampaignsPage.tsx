import { Badge, Button, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { campaignsQuery } from '../../api/queries/campaigns';
import { useCan } from '../../auth/session';
import { formatDateTime, formatNumber } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { Pager } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { statusBadge } from './status';

const route = getRouteApi('/app/campaigns');

export function CampaignsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [typed, setTyped] = useState(search.search ?? '');
  const list = useQuery({ ...campaignsQuery(search), placeholderData: keepPreviousData });
  const may = useCan();
  const debounced = useDebouncedCallback(
    (v: string) => void navigate({ search: { ...search, page: 1, search: v.trim() || undefined } }),
    300,
  );
  return (
    <>
      <PageHeader title="Campaigns">
        {may('campaigns:write') && (
          <Button component={Link} to="/campaigns/new">
            New campaign
          </Button>
        )}
      </PageHeader>
      <TextInput
        label="Search"
        placeholder="Campaign name"
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          debounced(e.currentTarget.value);
        }}
        mb="md"
        w={{ base: '100%', sm: 300 }}
      />
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th ta="right">Recipients</Table.Th>
              <Table.Th ta="right">Sent</Table.Th>
              <Table.Th ta="right">Failed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <AnchorLink to="/campaigns/$id" params={{ id: c.id }}>
                    {c.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <Badge color={statusBadge(c).color} variant="light">
                    {statusBadge(c).label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {c.status === 'scheduled' || (c.status === 'draft' && c.isScheduled)
                    ? formatDateTime(c.scheduledAt, c.timeZone)
                    : formatDateTime(c.sentOutAt ?? c.publishedAt ?? c.createdAt)}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(c.recipientCount)}</Table.Td>
                <Table.Td ta="right">{formatNumber(c.sentCount)}</Table.Td>
                <Table.Td ta="right">{formatNumber(c.failedCount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && list.data.items.length === 0 && (
        <Text ta="center" my="lg">
          {search.search ? 'No campaign matches this search.' : 'No campaigns yet.'}
        </Text>
      )}
      {list.isError && <Text role="alert">{errorText(list.error)}</Text>}
      {list.data && (
        <Pager
          page={search.page}
          pageSize={search.pageSize}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onPage={(page) => void navigate({ search: { ...search, page } })}
          onPageSize={(pageSize) => void navigate({ search: { ...search, page: 1, pageSize } })}
        />
      )}
    </>
  );
}
