import { Button, Drawer, Group, Modal, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { adminAccountsQuery, adminKeys } from '../../api/queries/admin';
import { hasRole, useSession } from '../../auth/session';
import { DetailList } from '../../ui/detail-list';
import { DialogActions } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';
import { SearchBox } from '../../ui/search-box';
import type { AdminAccount } from '../types';

const route = getRouteApi('/app/admin/accounts');

const ROLES = ['superadmin', 'admin', 'business', 'user'] as const;
/** The roles the API lets a superadmin grant (superadmins are bootstrapped, never granted). */
const GRANTABLE = ['admin', 'business', 'user'] as const;
type Grantable = (typeof GRANTABLE)[number];

/** Every account, searchable; its detail in a drawer; role changes for superadmins. */
export function AccountsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = (patch: Partial<typeof search>) => void navigate({ search: { ...search, ...patch } });
  const query = { page: search.page, pageSize: search.pageSize, search: search.search, role: search.role };
  const { data, error } = useQuery({ ...adminAccountsQuery(query), placeholderData: keepPreviousData });
  const selected = data?.items.find((a) => a.id === search.account) ?? null;

  return (
    <Stack>
      <PageHeader title="Accounts" description="Every account on the platform, newest first." />
      <ListView<AdminAccount>
        noun="accounts"
        filters={
          <Group gap="sm" align="flex-end">
            <SearchBox
              value={search.search}
              placeholder="Name or e-mail"
              onSearch={(s) => go({ search: s, page: 1 })}
              width={320}
            />
            <Select
              label="Role"
              placeholder="Any role"
              clearable
              data={[...ROLES]}
              value={search.role ?? null}
              onChange={(v) => go({ role: (v as (typeof ROLES)[number]) || undefined, page: 1 })}
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
        }
        items={data?.items}
        error={error}
        empty="No account matches."
        paging={{ page: data, go }}
        rowKey={(a) => a.id}
        minWidth={600}
        columns={[
          {
            header: 'Name',
            cell: (a) => (
              <UnstyledButton onClick={() => go({ account: a.id })} c="blue.8" fw={600}>
                {a.name}
              </UnstyledButton>
            ),
          },
          { header: 'E-mail', cell: (a) => a.email, style: { overflowWrap: 'anywhere' } },
          { header: 'Role', cell: (a) => a.role },
          {
            header: 'State',
            cell: (a) => (a.deleted ? 'deactivated' : a.verified ? 'verified' : 'e-mail not verified'),
          },
          { header: 'Created', cell: (a) => formatDateTime(a.createdAt) },
        ]}
      />
      <Drawer
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={!!selected}
        onClose={() => go({ account: undefined })}
        title={selected?.name ?? 'Account'}
        position="right"
      >
        {selected && <AccountDetail account={selected} />}
      </Drawer>
    </Stack>
  );
}

function AccountDetail({ account }: { account: AdminAccount }) {
  const session = useSession();
  const rows: [string, string][] = [
    ['E-mail', account.email],
    ['WhatsApp number', account.whatsappNumber ?? '—'],
    ['Role', account.role],
    ['E-mail verified', account.verified ? 'Yes' : 'No'],
    ['Deactivated', account.deleted ? `Yes, ${formatDateTime(account.deletedAt)}` : 'No'],
    ['Created', formatDateTime(account.createdAt)],
  ];
  return (
    <Stack>
      <DetailList rows={rows} />
      {account.businessId && (
        <AnchorLink to="/admin/businesses/$id" params={{ id: account.businessId }}>
          Open the business
        </AnchorLink>
      )}
      {hasRole(session, ['superadmin']) && account.role !== 'superadmin' && account.id !== session.user.id ? (
        <RoleChange account={account} />
      ) : (
        <Text size="sm" c="dimmed">
          {account.role === 'superadmin'
            ? 'A superadmin’s role cannot be changed here.'
            : 'Only a superadmin can change roles.'}
        </Text>
      )}
    </Stack>
  );
}

/** Pick a role, then confirm in a dialog that names the account: a role change is easy to make by mistake. */
function RoleChange({ account }: { account: AdminAccount }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Grantable>(account.role as Grantable);
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/v1/admin/accounts/{id}/role', {
          params: { path: { id: account.id } },
          body: { role },
        }),
      ),
    onSuccess: (updated) => {
      setConfirming(false);
      toast(`${updated.name} is now ${updated.role}.`, 'green');
      void queryClient.invalidateQueries({ queryKey: adminKeys.accounts });
    },
  });
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <Select
          label="Change role"
          data={[...GRANTABLE]}
          value={role}
          onChange={(v) => v && setRole(v as Grantable)}
          allowDeselect={false}
          w={160}
        />
        <Button disabled={role === account.role} onClick={() => setConfirming(true)}>
          Change…
        </Button>
      </Group>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Change the role?"
      >
        <Stack>
          <Text>
            Make <strong>{account.name}</strong> ({account.email}) <strong>{role}</strong> instead of{' '}
            {account.role}?
            {role === 'admin' &&
              ' They will be able to verify businesses, see every transaction and answer tickets.'}
          </Text>
          <DialogActions
            error={change.error ? errorText(change.error) : null}
            onCancel={() => setConfirming(false)}
          >
            <Button color="red.9" loading={change.isPending} onClick={() => change.mutate()}>
              Make {account.name} {role}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </Stack>
  );
}
