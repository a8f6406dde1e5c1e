import { Button, Modal, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { contactKeys } from '../../api/queries/contacts';
import {
  type Segment,
  type SegmentFilter,
  segmentCountQuery,
  segmentPreviewQuery,
} from '../../api/queries/segments';
import { applyApiError, DialogActions } from '../../ui/form-errors';
import { formatNumber } from '../../ui/format';
import { toast } from '../../ui/page';

/** "Save as segment": the filter under a name, for campaigns and the Segments page. */
export function SaveSegmentDialog({
  filter,
  onClose,
}: {
  filter: SegmentFilter | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (v) => (v.trim() ? null : 'Name the segment') },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.onSubmit(async ({ name }) => {
    if (!filter) return;
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/segments', { body: { name: name.trim(), filter } }));
      toast(`The segment ${name.trim()} was saved.`, 'green');
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      close();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <Modal opened={!!filter} onClose={close} title="Save as segment">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            A segment keeps the filter, not the contacts: a campaign to it reaches whoever matches when it
            goes out.
          </Text>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <DialogActions error={error} onCancel={close}>
            <Button type="submit" loading={form.submitting}>
              Save segment
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Save to <segment>": the filter replaces the saved segment's, after a confirmation that says how many
 * contacts it matches now against how many the saved one does. Campaigns not yet sent to the segment go to
 * whoever matches the new filter when they go out.
 */
export function SaveToSegmentDialog({
  segment,
  filter,
  onClose,
  onSaved,
}: {
  segment: Segment | undefined;
  filter: SegmentFilter | null;
  onClose: () => void;
  onSaved: (filter: SegmentFilter) => void;
}) {
  const queryClient = useQueryClient();
  const opened = !!filter && !!segment;
  const now = useQuery({
    ...segmentPreviewQuery(filter ?? { match: 'all', conditions: [] }),
    enabled: opened,
    retry: false,
  });
  const saved = useQuery({ ...segmentCountQuery(segment?.id ?? ''), enabled: opened });
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/v1/segments/{id}', {
          params: { path: { id: segment!.id } },
          body: { filter: filter! },
        }),
      ),
    onSuccess: async (updated) => {
      toast(`The segment ${updated.name} now has the new filter.`, 'green');
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      onSaved(updated.filter);
      close();
    },
  });
  const close = () => {
    save.reset();
    onClose();
  };
  const count = (c: { contacts: number; optedIn: number } | undefined) =>
    c ? `${formatNumber(c.contacts)} contacts (${formatNumber(c.optedIn)} opted in)` : '…';
  return (
    <Modal opened={opened} onClose={close} title={`Change the filter of ${segment?.name ?? 'the segment'}?`}>
      <Stack>
        <Text size="sm" data-testid="save-to-count">
          {now.isError
            ? errorText(now.error)
            : `With this filter, ${segment?.name} matches ${count(now.data)} now; its saved filter matches ${count(saved.data)}.`}
        </Text>
        <Text size="sm">
          Campaigns not sent yet to this segment will go to whoever matches the new filter when they go out.
        </Text>
        <DialogActions error={save.error ? errorText(save.error) : null} onCancel={close}>
          <Button loading={save.isPending} disabled={now.isError} onClick={() => save.mutate()}>
            Save the new filter
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** Adds tags to every contact the filter matches (not only the page shown). */
export function BulkTagDialog({ filter, onClose }: { filter: SegmentFilter | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { tags: [] as string[] },
    validate: { tags: (v) => (v.length ? null : 'Give at least one tag') },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.onSubmit(async ({ tags }) => {
    if (!filter) return;
    setError(null);
    try {
      const { tagged } = await unwrap(api.POST('/api/v1/contacts/bulk-tag', { body: { tags, filter } }));
      toast(`${formatNumber(tagged)} contacts tagged.`, 'green');
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      close();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <Modal opened={!!filter} onClose={close} title="Tag the filtered contacts">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Every contact the filter matches gets these tags (a contact with 50 tags is left as it is).
          </Text>
          <TagsInput
            label="Tags"
            description="Type a tag and press Enter"
            data-autofocus
            {...form.getInputProps('tags')}
          />
          <DialogActions error={error} onCancel={close}>
            <Button type="submit" loading={form.submitting}>
              Add tags
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
