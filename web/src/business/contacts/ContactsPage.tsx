import { Badge, Button, Group, Menu, SegmentedControl, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { api, download, saveBlob, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { contactKeys, contactsQuery } from '../../api/queries/contacts';
import { type SegmentFilter, segmentQuery } from '../../api/queries/segments';
import { useCan } from '../../auth/session';
import { countryLabel, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { yesNo } from '../../ui/search';
import { SearchBox } from '../../ui/search-box';
import { type Contact, ContactForm } from './ContactForm';
import { BulkTagDialog, SaveSegmentDialog, SaveToSegmentDialog } from './FilterActions';
import { FilterBuilder } from './FilterBuilder';
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
  const [building, builder] = useDisclosure(!!search.filter);
  const [saving, setSaving] = useState<SegmentFilter | null>(null);
  const [tagging, setTagging] = useState<SegmentFilter | null>(null);
  const [savingTo, setSavingTo] = useState<SegmentFilter | null>(null);
  const opened = useQuery({ ...segmentQuery(search.segment ?? ''), enabled: !!search.segment });
  const filterText = search.filter ? JSON.stringify(search.filter) : undefined;

  const query = {
    page: search.page,
    pageSize: search.pageSize,
    search: search.search,
    tag: search.tag,
    optIn: yesNo(search.optIn),
    filter: filterText,
  };
  const list = useQuery({ ...contactsQuery(query), placeholderData: keepPreviousData });

  const setSearch = (patch: Partial<typeof search>) => {
    setSelected(new Set());
    void navigate({ search: { ...search, page: 1, ...patch } });
  };

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
    if (filterText) params.set('filter', filterText);
    try {
      const file = await download(`/api/v1/contacts/export?${params}`);
      saveBlob(file.blob, file.fileName);
      notifications.show({ color: 'green', message: `Exported ${formatNumber(file.count)} contacts` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorText(err) });
    }
  };

  const may = useCan();
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
        <Button variant={building ? 'light' : 'default'} onClick={builder.toggle} aria-expanded={building}>
          Filter{search.filter ? ` (${search.filter.conditions.length})` : ''}
        </Button>
        {search.filter && may('contacts:write') && (
          <Button variant="default" onClick={() => setTagging(search.filter ?? null)}>
            Tag filtered…
          </Button>
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
      {building && (
        <FilterBuilder
          applied={search.filter}
          // Clearing the filter leaves the segment it was opened from.
          onApply={(filter) => setSearch(filter ? { filter } : { filter, segment: undefined })}
          onSave={setSaving}
          canSave={may('contacts:write')}
          segment={opened.data}
          onSaveTo={setSavingTo}
        />
      )}
      <Group mb="md" gap="sm" align="flex-end">
        <SearchBox
          value={search.search}
          placeholder="Name or phone number"
          onSearch={(s) => setSearch({ search: s })}
          width={260}
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
      <ListView<Contact>
        noun="contacts"
        items={list.data?.items}
        error={list.error}
        empty={
          search.search || search.tag || search.optIn !== undefined || search.filter
            ? 'No contact matches these filters.'
            : 'No contacts yet: add one or import a file.'
        }
        paging={{
          page: list.data,
          go: ({ page, pageSize }) =>
            pageSize ? setSearch({ pageSize }) : void navigate({ search: { ...search, page } }),
        }}
        striped
        busy={list.isFetching}
        selection={{
          selected,
          onChange: setSelected,
          allLabel: 'Select every contact on this page',
          rowLabel: (c) => `Select ${c.firstName} ${c.lastName}`,
        }}
        rowKey={(c) => c.id}
        minWidth={640}
        columns={[
          { header: 'Name', cell: (c) => `${c.firstName} ${c.lastName}` },
          { header: 'Phone number', cell: (c) => c.phoneNumber },
          // The country prices the contact's messages (the rate card), so the list says which it is.
          { header: 'Country', cell: (c) => countryLabel(c.countryCode) },
          {
            header: 'Tags',
            cell: (c) => (
              <Group gap={4}>
                {c.tags.map((t) => (
                  <Badge key={t} variant="light" size="sm">
                    {t}
                  </Badge>
                ))}
              </Group>
            ),
          },
          { header: 'Opt-in', cell: (c) => (c.optIn ? 'Opted in' : 'No') },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (c) =>
              may('contacts:write') && (
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
              ),
          },
        ]}
      />
      <ContactForm contact={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <ImportContacts opened={importing} onClose={importModal.close} onImported={refresh} />
      <SaveSegmentDialog filter={saving} onClose={() => setSaving(null)} />
      <BulkTagDialog filter={tagging} onClose={() => setTagging(null)} />
      <SaveToSegmentDialog
        segment={opened.data}
        filter={savingTo}
        onClose={() => setSavingTo(null)}
        onSaved={(filter) => setSearch({ filter })}
      />
    </>
  );
}
