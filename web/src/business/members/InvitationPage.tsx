import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { IdentityProviderButton } from '../../auth/IdentityProvider';
import { disconnectRealtime } from '../../realtime/socket';
import { applyApiError, FormError } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ROLE_HELP, ROLE_LABELS } from './roles';

const route = getRouteApi('/public/invitation');

/**
 * The page the invitation mail links to: says which business and role the link offers, then lets a new person
 * choose a name and password, or an existing account give its password, and join. A used, revoked, replaced
 * or expired link is one message.
 */
export function InvitationPage() {
  const { token } = route.useSearch();
  const lookup = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => unwrap(api.POST('/api/v1/invitations/lookup', { body: { token: token ?? '' } })),
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!token || lookup.isError) return <LinkNotValid error={lookup.error} />;
  if (!lookup.data)
    return (
      <Text role="status" c="dimmed">
        Opening your invitation…
      </Text>
    );
  return <Join token={token} invitation={lookup.data} />;
}

function LinkNotValid({ error }: { error: unknown }) {
  // A 400 is the one answer for used, revoked, replaced, expired or unknown links; anything else is a failure.
  const invalid = !error || (error instanceof ApiError && error.status === 400);
  return (
    <Stack>
      <Title order={1} size="h3">
        {invalid ? 'This invitation link does not work' : 'The invitation could not load'}
      </Title>
      <Text role="alert">
        {invalid
          ? 'It was already used, revoked, replaced by a newer link or has expired. Ask the person who invited you to send it again.'
          : errorText(error)}
      </Text>
      <Text size="sm">
        Already a member? <AnchorLink to="/sign-in">Sign in</AnchorLink>
      </Text>
    </Stack>
  );
}

interface Preview {
  email: string;
  role: keyof typeof ROLE_HELP;
  companyName: string | null;
  expiresAt: string;
  accountExists: boolean;
}

function Join({ token, invitation }: { token: string; invitation: Preview }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const isNew = !invitation.accountExists;
  const form = useForm({
    initialValues: { name: '', password: '' },
    validate: {
      name: (v) => (isNew && !v.trim() ? 'Enter your name' : null),
      password: (v) =>
        isNew && v.length < 8 ? 'Use at least 8 characters' : v ? null : 'Enter your password',
    },
  });
  const submit = form.onSubmit(async ({ name, password }) => {
    setError(null);
    try {
      await unwrap(
        api.POST('/api/v1/invitations/accept', {
          body: { token, password, ...(isNew ? { name: name.trim() } : {}) },
        }),
      );
      // The new session acts for the business joined: nothing of another session's business may linger.
      disconnectRealtime();
      queryClient.clear();
      await navigate({ to: '/' });
    } catch (err) {
      // An existing account's wrong password is a 401: it belongs next to the password, and the link still works.
      if (err instanceof ApiError && err.status === 401 && !isNew)
        form.setFieldError('password', 'That is not the password of this account');
      else setError(applyApiError(form, err));
    }
  });
  const business = invitation.companyName ?? 'a business';
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Join {business}
        </Title>
        <Text>
          You are invited as <strong>{ROLE_LABELS[invitation.role]}</strong> (
          {ROLE_HELP[invitation.role].toLowerCase()}).
        </Text>
        <TextInput
          label="E-mail"
          value={invitation.email}
          readOnly
          description="The invitation is for this address"
        />
        {isNew ? (
          <>
            <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
            <PasswordInput
              label="Choose a password"
              description="At least 8 characters"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
          </>
        ) : (
          <>
            <Alert color="blue" variant="light">
              You already have an account with this address: enter its password to add {business} to it.
            </Alert>
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
          </>
        )}
        <FormError message={error} />
        <Button type="submit" loading={form.submitting}>
          Join {business}
        </Button>
        <IdentityProviderButton invitationToken={token} />
        <Text size="xs" c="dimmed">
          The link works once, until {formatDateTime(invitation.expiresAt)}.
        </Text>
      </Stack>
    </form>
  );
}
