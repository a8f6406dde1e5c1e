import { Button, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { campaignsQuery } from '../../api/queries/campaigns';
import { useCan } from '../../auth/session';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { type CampaignRow, campaignColumns } from './campaign-columns';

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
      <ListView<CampaignRow>
        noun="campaigns"
        items={list.data?.items}
        error={list.error}
        empty={search.search ? 'No campaign matches this search.' : 'No campaigns yet.'}
        paging={{ page: list.data, go: (patch) => void navigate({ search: { ...search, ...patch } }) }}
        striped
        rowKey={(c) => c.id}
        minWidth={640}
        columns={campaignColumns({ withWhen: true })}
      />
    </>
  );
}
