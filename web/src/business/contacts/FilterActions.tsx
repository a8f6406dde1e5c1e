import { Button, Modal, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { contactKeys } from '../../api/queries/contacts';
import type { SegmentFilter } from '../../api/queries/segments';
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
