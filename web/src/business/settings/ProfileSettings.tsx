import { Avatar, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { sessionQuery, useSession } from '../../auth/session';
import { applyApiError, FormSubmit } from '../../ui/form-errors';
import { uploadFile } from '../../ui/upload';

export function ProfileSettings() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [avatarUrl, setAvatarUrl] = useState(session.user.avatarUrl);
  const [uploading, setUploading] = useState(false);
  const form = useForm({
    initialValues: { name: session.user.name },
    validate: { name: (v) => (v.trim() ? null : 'Enter your name') },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await unwrap(
        api.PATCH('/api/v1/users/profile', { body: { ...values, avatarUrl: avatarUrl ?? undefined } }),
      );
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      notifications.show({ color: 'green', message: 'Profile saved' });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  const pickAvatar = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      setAvatarUrl(await uploadFile(file, 'avatars'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setUploading(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <Group>
          <Avatar src={avatarUrl} size="lg" alt="" />
          <FileButton onChange={pickAvatar} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button variant="default" loading={uploading} {...props}>
                Change picture
              </Button>
            )}
          </FileButton>
        </Group>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput
          label="E-mail"
          value={session.user.email}
          readOnly
          description="Change it under Security"
        />
        <Text size="sm">WhatsApp number: {session.user.whatsappNumber ?? 'not set'}</Text>
        <FormSubmit error={error} busy={form.submitting}>
          Save profile
        </FormSubmit>
      </Stack>
    </form>
  );
}
