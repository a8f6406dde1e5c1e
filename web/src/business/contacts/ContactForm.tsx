import { Button, Modal, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { type ContactFieldDef, contactFieldsQuery } from '../../api/queries/segments';
import type { Data } from '../../api/types';
import { applyApiError, DialogActions } from '../../ui/form-errors';

/** A contact as the list and the form read it (the API's own shape). */
export type Contact = Data<'/api/v1/contacts/{id}', 'get'>;

/** The business's fields as the API takes them: a number, a yes/no, text; an emptied one is removed (null). */
function fieldValues(
  defs: readonly ContactFieldDef[],
  typed: Record<string, string>,
  had: Record<string, unknown>,
) {
  const out: Record<string, string | number | boolean | null> = {};
  for (const d of defs) {
    const text = (typed[d.key] ?? '').trim();
    if (!text) {
      if (had[d.key] !== undefined) out[d.key] = null;
      continue;
    }
    out[d.key] = d.type === 'number' ? Number(text) : d.type === 'boolean' ? text === 'true' : text;
  }
  return out;
}

/** Add (contact = 'new') or edit a contact, in a dialog. */
export function ContactForm({
  contact,
  onClose,
  onSaved,
}: {
  contact: Contact | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const defs = useQuery({ ...contactFieldsQuery, enabled: contact !== null }).data?.items ?? [];
  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      phoneNumber: '',
      tags: [] as string[],
      optIn: false,
      fields: {} as Record<string, string>,
    },
    validate: {
      firstName: (v) => (v.trim() ? null : 'Enter the first name'),
      lastName: (v) => (v.trim() ? null : 'Enter the last name'),
      phoneNumber: (v) => (v.trim() ? null : 'Enter the phone number'),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another contact is opened
  useEffect(() => {
    setError(null);
    if (contact && contact !== 'new') {
      form.setValues({
        firstName: contact.firstName,
        lastName: contact.lastName,
        phoneNumber: contact.phoneNumber,
        tags: contact.tags,
        optIn: contact.optIn,
        fields: Object.fromEntries(Object.entries(contact.fields ?? {}).map(([k, v]) => [k, String(v)])),
      });
    } else form.reset();
    form.clearErrors();
  }, [contact]);

  const submit = form.onSubmit(async ({ fields: typed, ...v }) => {
    setError(null);
    const had = contact && contact !== 'new' ? (contact.fields ?? {}) : {};
    const fields = fieldValues(defs, typed, had);
    try {
      if (contact === 'new') await unwrap(api.POST('/api/v1/contacts', { body: { ...v, fields } }));
      else if (contact) {
        const { optIn: _optIn, ...rest } = v;
        const changes = { ...rest, ...(Object.keys(fields).length ? { fields } : {}) };
        await unwrap(
          api.PATCH('/api/v1/contacts/{id}', { params: { path: { id: contact.id } }, body: changes }),
        );
      }
      notifications.show({ color: 'green', message: contact === 'new' ? 'Contact added' : 'Contact saved' });
      onSaved();
      onClose();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });

  return (
    <Modal
      opened={contact !== null}
      onClose={onClose}
      title={contact === 'new' ? 'Add a contact' : 'Edit contact'}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="First name" required data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required {...form.getInputProps('lastName')} />
          <TextInput
            label="Phone number"
            type="tel"
            required
            description="With the country code, like +234…"
            {...form.getInputProps('phoneNumber')}
          />
          <TagsInput label="Tags" description="Press Enter after each tag" {...form.getInputProps('tags')} />
          {defs.map((d) => (
            <FieldInput key={d.key} def={d} {...form.getInputProps(`fields.${d.key}`)} />
          ))}
          {typeof form.errors.fields === 'string' && (
            <Text size="sm" c="red.9" role="alert">
              {form.errors.fields}
            </Text>
          )}
          {contact === 'new' && (
            <Switch label="Opted in to messages" {...form.getInputProps('optIn', { type: 'checkbox' })} />
          )}
          <DialogActions error={error} onCancel={onClose}>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}

/** One of the business's fields, with the input its type takes. */
function FieldInput(props: {
  def: ContactFieldDef;
  value?: string;
  onChange: (value: unknown) => void;
  error?: unknown;
}) {
  const { def } = props;
  const value = props.value ?? '';
  const error = typeof props.error === 'string' ? props.error : undefined;
  if (def.type === 'boolean' || def.type === 'choice')
    return (
      <Select
        label={def.label}
        clearable
        data={
          def.type === 'boolean'
            ? [
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]
            : (def.choices ?? [])
        }
        value={value || null}
        onChange={(v) => props.onChange(v ?? '')}
        error={error}
      />
    );
  return (
    <TextInput
      label={def.label}
      type={def.type === 'number' ? 'number' : def.type === 'date' ? 'date' : 'text'}
      value={value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
