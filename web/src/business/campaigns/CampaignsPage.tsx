import { Button } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { campaignsQuery } from '../../api/queries/campaigns';
import { useCan } from '../../auth/session';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { SearchBox } from '../../ui/search-box';
import { type CampaignRow, campaignColumns } from './campaign-columns';

const route = getRouteApi('/app/campaigns');

export function CampaignsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery({ ...campaignsQuery(search), placeholderData: keepPreviousData });
  const may = useCan();
  return (
    <>
      <PageHeader title="Campaigns">
        {may('campaigns:write') && (
          <Button component={Link} to="/campaigns/new">
            New campaign
          </Button>
        )}
      </PageHeader>
      <ListView<CampaignRow>
        noun="campaigns"
        filters={
          <SearchBox
            value={search.search}
            placeholder="Campaign name"
            onSearch={(s) => void navigate({ search: { ...search, page: 1, search: s } })}
          />
        }
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
