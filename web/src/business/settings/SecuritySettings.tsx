import {
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { sessionQuery, useSession } from '../../auth/session';
import { disconnectRealtime } from '../../realtime/socket';
import { applyApiError, DialogActions, FormError } from '../../ui/form-errors';

export function SecuritySettings() {
  return (
    <Stack maw={560}>
      <PasswordCard />
      <EmailCard />
      <DeleteCard />
    </Stack>
  );
}

function PasswordCard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const has = session.user.hasPassword;
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', newPassword: '' },
    validate: {
      password: (v) => (!has || v ? null : 'Enter your current password'),
      newPassword: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      if (has) await unwrap(api.POST('/api/v1/auth/change-password', { body: v }));
      else await unwrap(api.POST('/api/v1/auth/set-password', { body: { password: v.newPassword } }));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      notifications.show({ color: 'green', message: has ? 'Password changed' : 'Password set' });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {has ? 'Change password' : 'Set a password'}
          </Title>
          {!has && (
            <Text size="sm">
              You signed up through an identity provider; a password lets you sign in with your e-mail too.
            </Text>
          )}
          {has && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <FormError message={error} />
          <Button type="submit" loading={form.submitting} w="fit-content">
            {has ? 'Change password' : 'Set password'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function EmailCard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { newEmail: '', code: '', password: '' },
    validate: { newEmail: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter the new e-mail address') },
  });
  const send = form.onSubmit(async (v) => {
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/auth/send-code', { body: { email: v.newEmail } }));
      setSentTo(v.newEmail);
    } catch (err) {
      setError(applyApiError(form, err, { email: 'newEmail' }));
    }
  });
  const confirm = async () => {
    setError(null);
    try {
      const { code, password } = form.values;
      const body = { newEmail: sentTo!, code, ...(session.user.hasPassword ? { password } : {}) };
      await unwrap(api.PATCH('/api/v1/users/email', { body }));
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      notifications.show({ color: 'green', message: `Your e-mail is now ${sentTo}` });
      setSentTo(null);
      form.reset();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  };
  return (
    <Card withBorder>
      <form onSubmit={send} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Change e-mail
          </Title>
          <TextInput
            label="New e-mail"
            type="email"
            {...form.getInputProps('newEmail')}
            disabled={!!sentTo}
          />
          {sentTo ? (
            <Stack gap="xs">
              <Text size="sm">Type the six-digit code we sent to {sentTo}.</Text>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                value={form.values.code}
                onChange={(v) => form.setFieldValue('code', v)}
                getInputProps={(i) => ({ 'aria-label': `E-mail code digit ${i + 1} of 6` })}
              />
              {session.user.hasPassword ? (
                <PasswordInput
                  label="Current password"
                  autoComplete="current-password"
                  {...form.getInputProps('password')}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Without a password, this needs a sign-in from the last ten minutes.
                </Text>
              )}
              <FormError message={error ?? (form.errors.code as string | undefined)} />
              <Group>
                <Button onClick={confirm}>Confirm new e-mail</Button>
                <Button variant="subtle" onClick={() => setSentTo(null)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          ) : (
            <>
              <FormError message={error} />
              <Button type="submit" loading={form.submitting} w="fit-content">
                Send a code to the new address
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function DeleteCard() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    try {
      await unwrap(api.DELETE('/api/v1/users/account'));
      await api.POST('/api/v1/auth/sign-out').catch(() => undefined);
      disconnectRealtime();
      queryClient.clear();
      await navigate({ to: '/sign-in' });
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Delete account
        </Title>
        <Text size="sm">Your account is closed and you are signed out everywhere.</Text>
        <Button color="red.9" variant="outline" onClick={open} w="fit-content">
          Delete my account
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title="Delete your account?">
        <Stack>
          <Text size="sm">Type your e-mail address, {session.user.email}, to confirm.</Text>
          <TextInput label="Your e-mail" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          <DialogActions error={error} onCancel={close} cancel="Keep my account">
            <Button
              color="red.9"
              disabled={typed.trim().toLowerCase() !== session.user.email}
              onClick={remove}
            >
              Delete account
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </Card>
  );
}
