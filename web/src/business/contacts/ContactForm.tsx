import { Button, Modal, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { applyApiError, DialogActions } from '../../ui/form-errors';

export interface Contact {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  tags: string[];
  optIn: boolean;
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
  const form = useForm({
    initialValues: { firstName: '', lastName: '', phoneNumber: '', tags: [] as string[], optIn: false },
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
      });
    } else form.reset();
    form.clearErrors();
  }, [contact]);

  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      if (contact === 'new') await unwrap(api.POST('/api/v1/contacts', { body: v }));
      else if (contact) {
        const { optIn: _optIn, ...changes } = v;
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
