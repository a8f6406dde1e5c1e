import { Button, Group, Modal, Select, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { type ContactFieldDef, contactFieldsQuery, segmentKeys } from '../../api/queries/segments';
import { applyApiError, DialogActions, FormSubmit } from '../../ui/form-errors';
import { ListView } from '../../ui/list';
import { toast } from '../../ui/page';
import { EditDeleteActions } from '../../ui/row-actions';

type FieldType = ContactFieldDef['type'];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes / no',
  choice: 'Choice',
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: segmentKeys.fields });
}

/** Settings → Contact fields: the business's own fields on each contact (city, birthday, plan…). */
export function ContactFieldsSettings() {
  const fields = useQuery(contactFieldsQuery);
  const [editing, setEditing] = useState<ContactFieldDef | null>(null);
  const [deleting, setDeleting] = useState<ContactFieldDef | null>(null);
  return (
    <Stack gap="xl">
      <Text size="sm" maw={720}>
        Fields of your own on every contact. Filters and segments can use them, and messages can say{' '}
        <code>{'{{city}}'}</code> to write each contact's value.
      </Text>
      <AddFieldForm />
      <Stack gap="sm">
        <Title order={2} size="h4">
          Fields{fields.data ? ` (${fields.data.items.length} of ${fields.data.max})` : ''}
        </Title>
        <ListView<ContactFieldDef>
          noun="contact fields"
          items={fields.data?.items}
          error={fields.error}
          empty="No field yet: add one above."
          rowKey={(f) => f.id}
          minWidth={560}
          columns={[
            { header: 'Key', cell: (f) => <Text ff="monospace">{f.key}</Text> },
            { header: 'Label', cell: (f) => f.label },
            { header: 'Type', cell: (f) => FIELD_TYPE_LABELS[f.type] },
            { header: 'Choices', cell: (f) => f.choices?.join(', ') ?? '' },
            {
              header: 'Actions',
              hiddenHeader: true,
              cell: (f) => (
                <EditDeleteActions
                  name={f.key}
                  edit="Edit"
                  onEdit={() => setEditing(f)}
                  onDelete={() => setDeleting(f)}
                />
              ),
            },
          ]}
        />
      </Stack>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title="Edit the field">
        {editing && <EditField field={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete this field?">
        {deleting && <DeleteField field={deleting} onDone={() => setDeleting(null)} />}
      </Modal>
    </Stack>
  );
}

function AddFieldForm() {
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ key: string; label: string; type: FieldType; choices: string[] }>({
    initialValues: { key: '', label: '', type: 'text', choices: [] },
    validate: {
      key: (v) =>
        /^[a-z][a-z0-9_]{0,39}$/.test(v) ? null : 'Lower-case letters, digits and _, starting with a letter',
      label: (v) => (v.trim() ? null : 'Required'),
      choices: (v, all) => (all.type === 'choice' && v.length === 0 ? 'Give at least one choice' : null),
    },
  });
  const submit = form.onSubmit(async ({ key, label, type, choices }) => {
    setError(null);
    try {
      await unwrap(
        api.POST('/api/v1/contact-fields', {
          body: { key, label: label.trim(), type, ...(type === 'choice' ? { choices } : {}) },
        }),
      );
      toast(`The field ${key} was added.`, 'green');
      form.reset();
      await refresh();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-field-title">
      <Stack maw={640} gap="sm">
        <Title order={2} size="h4" id="new-field-title">
          Add a field
        </Title>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Key"
            placeholder="city"
            required
            miw={160}
            autoComplete="off"
            {...form.getInputProps('key')}
          />
          <TextInput label="Label" placeholder="City" required miw={160} {...form.getInputProps('label')} />
          <Select
            label="Type"
            data={Object.entries(FIELD_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            miw={140}
            {...form.getInputProps('type')}
          />
        </Group>
        {form.values.type === 'choice' && (
          <TagsInput
            label="Choices"
            description="Type a choice and press Enter"
            {...form.getInputProps('choices')}
          />
        )}
        <Text size="xs">The key and the type cannot change later.</Text>
        <FormSubmit error={error} busy={form.submitting}>
          Add field
        </FormSubmit>
      </Stack>
    </form>
  );
}

function EditField({ field, onDone }: { field: ContactFieldDef; onDone: () => void }) {
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { label: field.label, choices: field.choices ?? [] },
    validate: { label: (v) => (v.trim() ? null : 'Required') },
  });
  const submit = form.onSubmit(async ({ label, choices }) => {
    setError(null);
    try {
      await unwrap(
        api.PATCH('/api/v1/contact-fields/{id}', {
          params: { path: { id: field.id } },
          body: { label: label.trim(), ...(field.type === 'choice' ? { choices } : {}) },
        }),
      );
      toast(`The field ${field.key} was saved.`, 'green');
      await refresh();
      onDone();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          <code>{field.key}</code> · {FIELD_TYPE_LABELS[field.type]}
        </Text>
        <TextInput label="Label" required {...form.getInputProps('label')} />
        {field.type === 'choice' && (
          <TagsInput
            label="Choices"
            description="Type a choice and press Enter"
            {...form.getInputProps('choices')}
          />
        )}
        <DialogActions error={error} onCancel={onDone}>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

function DeleteField({ field, onDone }: { field: ContactFieldDef; onDone: () => void }) {
  const refresh = useRefresh();
  const remove = useMutation({
    mutationFn: () =>
      unwrap(api.DELETE('/api/v1/contact-fields/{id}', { params: { path: { id: field.id } } })),
    onSuccess: async () => {
      toast(`The field ${field.key} was deleted.`, 'green');
      await refresh();
      onDone();
    },
  });
  return (
    <Stack>
      <Text>
        Every contact's <strong>{field.label}</strong> (<code>{field.key}</code>) is removed with it. This
        cannot be undone. A field a segment uses cannot be deleted: change or delete the segment first.
      </Text>
      <DialogActions error={remove.error ? errorText(remove.error) : null} onCancel={onDone}>
        <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
          Delete {field.key}
        </Button>
      </DialogActions>
    </Stack>
  );
}
