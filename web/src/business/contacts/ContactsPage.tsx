import {
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { api, download, saveBlob, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { contactKeys, contactsQuery } from '../../api/queries/contacts';
import { useCan } from '../../auth/session';
import { formatNumber } from '../../ui/format';
import { Pager } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { yesNo } from '../../ui/search';
import { type Contact, ContactForm } from './ContactForm';
import { ImportContacts } from './ImportContacts';
import { TagFilter } from './TagFilter';

const route = getRouteApi('/app/contacts');

export function ContactsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [importing, importModal] = useDisclosure(false);
  const [typed, setTyped] = useState(search.search ?? '');

  const query = {
    page: search.page,
    pageSize: search.pageSize,
    search: search.search,
    tag: search.tag,
    optIn: yesNo(search.optIn),
  };
  const list = useQuery({ ...contactsQuery(query), placeholderData: keepPreviousData });

  const setSearch = (patch: Partial<typeof search>) => {
    setSelected(new Set());
    void navigate({ search: { ...search, page: 1, ...patch } });
  };
  const debounced = useDebouncedCallback((v: string) => setSearch({ search: v.trim() || undefined }), 300);

  const refresh = () => queryClient.invalidateQueries({ queryKey: contactKeys.all });
  const remove = async (ids: string[]) => {
    if (!window.confirm(ids.length === 1 ? 'Delete this contact?' : `Delete ${ids.length} contacts?`)) return;
    try {
      if (ids.length === 1)
        await unwrap(api.DELETE('/api/v1/contacts/{id}', { params: { path: { id: ids[0]! } } }));
      else await unwrap(api.POST('/api/v1/contacts/bulk-delete', { body: { ids } }));
      notifications.show({
        color: 'green',
        message: ids.length === 1 ? 'Contact deleted' : `${ids.length} contacts deleted`,
      });
      setSelected(new Set());
      await refresh();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not deleted', message: errorText(err) });
    }
  };
  const exportAs = async (format: 'csv' | 'xlsx') => {
    const params = new URLSearchParams({ format });
    if (search.tag) params.set('tag', search.tag);
    if (query.optIn) params.set('optIn', query.optIn);
    try {
      const file = await download(`/api/v1/contacts/export?${params}`);
      saveBlob(file.blob, file.fileName);
      notifications.show({ color: 'green', message: `Exported ${formatNumber(file.count)} contacts` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorText(err) });
    }
  };

  const items = list.data?.items ?? [];
  const may = useCan();
  const allOnPage = items.length > 0 && items.every((c) => selected.has(c.id));
  return (
    <>
      <PageHeader title="Contacts" description="The people your campaigns go to.">
        {may('contacts:write') && (
          <>
            <Button onClick={() => setEditing('new')}>Add contact</Button>
            <Button variant="default" onClick={importModal.open}>
              Import
            </Button>
          </>
        )}
        {may('contacts:export') && (
          <Menu>
            <Menu.Target>
              <Button variant="default">Export</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => exportAs('csv')}>CSV, with the current filters</Menu.Item>
              <Menu.Item onClick={() => exportAs('xlsx')}>Excel (XLSX), with the current filters</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </PageHeader>
      <Group mb="md" gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name or phone number"
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            debounced(e.currentTarget.value);
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <TagFilter value={search.tag} onChange={(tag) => setSearch({ tag })} />
        <div>
          <Text size="sm" fw={500} mb={4} id="optin-filter">
            Opt-in
          </Text>
          <SegmentedControl
            aria-labelledby="optin-filter"
            value={query.optIn ?? 'all'}
            onChange={(v) => setSearch({ optIn: v === 'all' ? undefined : v === 'true' })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'true', label: 'Opted in' },
              { value: 'false', label: 'Not opted in' },
            ]}
          />
        </div>
      </Group>
      {selected.size > 0 && may('contacts:write') && (
        <Group mb="sm">
          <Text size="sm">{selected.size} selected</Text>
          <Button color="red.9" variant="light" size="xs" onClick={() => remove([...selected])}>
            Delete selected
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every contact on this page"
                  checked={allOnPage}
                  onChange={() => setSelected(allOnPage ? new Set() : new Set(items.map((c) => c.id)))}
                />
              </Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Phone number</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Opt-in</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${c.firstName} ${c.lastName}`}
                    checked={selected.has(c.id)}
                    onChange={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (!next.delete(c.id)) next.add(c.id);
                        return next;
                      })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  {c.firstName} {c.lastName}
                </Table.Td>
                <Table.Td>{c.phoneNumber}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {c.tags.map((t) => (
                      <Badge key={t} variant="light" size="sm">
                        {t}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{c.optIn ? 'Opted in' : 'No'}</Table.Td>
                <Table.Td>
                  {may('contacts:write') && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setEditing(c)}
                        aria-label={`Edit ${c.firstName} ${c.lastName}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => remove([c.id])}
                        aria-label={`Delete ${c.firstName} ${c.lastName}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && items.length === 0 && (
        <Text ta="center" my="lg">
          {search.search || search.tag || search.optIn !== undefined
            ? 'No contact matches these filters.'
            : 'No contacts yet: add one or import a file.'}
        </Text>
      )}
      {list.isError && <Text role="alert">{errorText(list.error)}</Text>}
      {list.data && (
        <Pager
          page={search.page}
          pageSize={search.pageSize}
          totalPages={list.data.totalPages}
          total={list.data.total}
          totalIsEstimate={list.data.totalIsEstimate}
          onPage={(page) => void navigate({ search: { ...search, page } })}
          onPageSize={(pageSize) => setSearch({ pageSize })}
        />
      )}
      <ContactForm contact={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <ImportContacts opened={importing} onClose={importModal.close} onImported={refresh} />
    </>
  );
}
