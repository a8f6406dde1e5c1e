import { Button, FileButton, Group, Menu, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorText } from '../../../api/errors';
import { uploadFile } from '../../../ui/upload';
import type { ComposerForm } from './composer-form';

/** A message written here (no template): its type, header, words with names put in, media and a button. */
export function MessageStep({ form, onError }: { form: ComposerForm; onError: (message: string) => void }) {
  const v = form.values;
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [uploading, setUploading] = useState(false);

  const insert = (token: string) => {
    const el = messageRef.current;
    const at = el?.selectionStart ?? v.message.length;
    const end = el?.selectionEnd ?? at;
    form.setFieldValue('message', v.message.slice(0, at) + token + v.message.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const pickMedia = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      form.setFieldValue('uploadFileUrl', await uploadFile(file, 'campaigns'));
    } catch (err) {
      onError(errorText(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Select
        label="Message type"
        data={[
          { value: 'marketing', label: 'Marketing' },
          { value: 'utility', label: 'Utility' },
          { value: 'authentication', label: 'Authentication' },
        ]}
        allowDeselect={false}
        {...form.getInputProps('messageType')}
      />
      <TextInput label="Header (optional)" {...form.getInputProps('header')} />
      <Stack gap={4}>
        <Group justify="space-between" align="flex-end">
          <Text size="sm" fw={500} component="label" htmlFor="campaign-message">
            Message{' '}
            <span aria-hidden="true" style={{ color: 'var(--mantine-color-red-9)' }}>
              *
            </span>
          </Text>
          <Menu>
            <Menu.Target>
              <Button size="compact-sm" variant="light">
                Insert a name
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => insert('{{firstName}}')}>First name</Menu.Item>
              <Menu.Item onClick={() => insert('{{lastName}}')}>Last name</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Textarea
          id="campaign-message"
          ref={messageRef}
          autosize
          minRows={4}
          required
          {...form.getInputProps('message')}
        />
        <Text size="xs" c="dimmed">
          {v.message.length} characters. {'{{firstName}}'} and {'{{lastName}}'} are replaced for each
          recipient.
        </Text>
      </Stack>
      <Group>
        <FileButton onChange={pickMedia} accept="image/png,image/jpeg,image/webp,video/mp4,application/pdf">
          {(props) => (
            <Button variant="default" loading={uploading} {...props}>
              {v.uploadFileUrl ? 'Replace media' : 'Add an image, video or PDF'}
            </Button>
          )}
        </FileButton>
        {v.uploadFileUrl && (
          <Button variant="subtle" color="red.9" onClick={() => form.setFieldValue('uploadFileUrl', null)}>
            Remove media
          </Button>
        )}
      </Group>
      <Group grow align="flex-start">
        <TextInput label="Button text (optional)" {...form.getInputProps('actionButtonTitle')} />
        <TextInput
          label="Button link"
          disabled={!v.actionButtonTitle}
          {...form.getInputProps('actionButtonUrl')}
        />
      </Group>
    </>
  );
}
