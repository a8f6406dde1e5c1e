import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { contactKeys } from '../../api/queries/contacts';
import { type Segment, segmentCountQuery, segmentsQuery } from '../../api/queries/segments';
import { useCan } from '../../auth/session';
import { applyApiError, DialogActions } from '../../ui/form-errors';
import { formatDateTime, formatNumber } from '../../ui/format';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';
import { EditDeleteActions } from '../../ui/row-actions';

/** Saved filters of contacts, each with how many contacts it matches now. */
export function SegmentsPage() {
  const segments = useQuery(segmentsQuery);
  const navigate = useNavigate();
  const may = useCan();
  const [renaming, setRenaming] = useState<Segment | null>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const open = (s: Segment) =>
    void navigate({ to: '/contacts', search: { filter: s.filter, segment: s.id } });
  return (
    <>
      <PageHeader
        title="Segments"
        description="Saved filters of contacts. A campaign to a segment reaches whoever matches when it goes out."
      >
        <Button variant="default" onClick={() => void navigate({ to: '/contacts', search: {} })}>
          Build a filter in Contacts
        </Button>
      </PageHeader>
      <ListView<Segment>
        noun="segments"
        items={segments.data?.items}
        error={segments.error}
        empty="No segment yet: filter the contacts list and save the filter as a segment."
        rowKey={(s) => s.id}
        minWidth={640}
        columns={[
          {
            header: 'Name',
            cell: (s) => (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => open(s)}
                aria-label={`Open ${s.name}`}
              >
                {s.name}
              </Button>
            ),
          },
          { header: 'Contacts now', cell: (s) => <LiveCount id={s.id} /> },
          {
            header: 'Conditions',
            cell: (s) => `${s.filter.conditions.length} (${s.filter.match === 'all' ? 'all' : 'any'})`,
          },
          { header: 'Updated', cell: (s) => formatDateTime(s.updatedAt) },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (s) =>
              may('contacts:write') && (
                <EditDeleteActions
                  name={s.name}
                  edit="Rename"
                  onEdit={() => setRenaming(s)}
                  onDelete={() => setDeleting(s)}
                />
              ),
          },
        ]}
      />
      <Modal opened={!!renaming} onClose={() => setRenaming(null)} title="Rename the segment">
        {renaming && <RenameSegment segment={renaming} onDone={() => setRenaming(null)} />}
      </Modal>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete this segment?">
        {deleting && <DeleteSegment segment={deleting} onDone={() => setDeleting(null)} />}
      </Modal>
    </>
  );
}

function LiveCount({ id }: { id: string }) {
  const count = useQuery(segmentCountQuery(id));
  if (count.isError) return <Text size="sm">Not counted</Text>;
  if (!count.data) return <Text size="sm">…</Text>;
  return (
    <Text size="sm" data-testid="segment-count">
      {formatNumber(count.data.contacts)} ({formatNumber(count.data.optedIn)} opted in)
    </Text>
  );
}

function RenameSegment({ segment, onDone }: { segment: Segment; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: segment.name },
    validate: { name: (v) => (v.trim() ? null : 'Name the segment') },
  });
  const submit = form.onSubmit(async ({ name }) => {
    setError(null);
    try {
      await unwrap(
        api.PATCH('/api/v1/segments/{id}', {
          params: { path: { id: segment.id } },
          body: { name: name.trim() },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      onDone();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <DialogActions error={error} onCancel={onDone}>
          <Button type="submit" loading={form.submitting}>
            Rename
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

function DeleteSegment({ segment, onDone }: { segment: Segment; onDone: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/segments/{id}', { params: { path: { id: segment.id } } })),
    onSuccess: async () => {
      toast(`The segment ${segment.name} was deleted.`, 'green');
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      onDone();
    },
  });
  return (
    <Stack>
      <Text>
        <strong>{segment.name}</strong> is deleted; its contacts stay. A segment a campaign not yet sent goes
        to cannot be deleted: change that campaign's audience first.
      </Text>
      <DialogActions error={remove.error ? errorText(remove.error) : null} onCancel={onDone}>
        <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
          Delete {segment.name}
        </Button>
      </DialogActions>
    </Stack>
  );
}
