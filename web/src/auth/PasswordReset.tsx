import { Button, PasswordInput, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { applyApiError, FormError } from '../ui/form-errors';
import { AnchorLink } from '../ui/link';

const route = getRouteApi('/public/reset-password');

export function ForgotPassword() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter your e-mail address') },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/auth/forgot-password', { body: values }));
      await navigate({ to: '/reset-password', search: { email: values.email } });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Forgot your password?
        </Title>
        <Text size="sm">We will e-mail you a six-digit code to choose a new one.</Text>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <FormError message={error} />
        <Button type="submit" loading={form.submitting}>
          Send the code
        </Button>
        <AnchorLink to="/sign-in" size="sm">
          Back to sign in
        </AnchorLink>
      </Stack>
    </form>
  );
}

export function ResetPassword() {
  const search = route.useSearch();
  return search.token ? <ResetWithLink token={search.token} /> : <ResetWithCode email={search.email} />;
}

/** Opened from the link in the reset e-mail: its token stands for the address and the code. */
function ResetWithLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters') },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/auth/reset-password', { body: { token, password: values.password } }));
      await passwordChanged(navigate);
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Choose a new password
        </Title>
        <NewPassword input={form.getInputProps('password')} error={error} busy={form.submitting} />
        <AnchorLink to="/forgot-password" size="sm">
          Send me a new e-mail
        </AnchorLink>
      </Stack>
    </form>
  );
}

function ResetWithCode({ email }: { email: string | undefined }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: email ?? '', code: '', password: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter your e-mail address'),
      code: (v) => (/^\d{6}$/.test(v) ? null : 'Enter the six digits of the code'),
      password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/auth/reset-password', { body: values }));
      await passwordChanged(navigate);
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  const codeProps = form.getInputProps('code');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Choose a new password
        </Title>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="reset-code-label">
            Code from the e-mail
          </Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={form.values.code}
            onChange={(v) => form.setFieldValue('code', v)}
            error={!!codeProps.error}
            getInputProps={(index) => ({ 'aria-label': `Code digit ${index + 1} of 6` })}
          />
          {codeProps.error && (
            <Text c="red.9" size="xs" role="alert">
              {codeProps.error}
            </Text>
          )}
        </Stack>
        <NewPassword input={form.getInputProps('password')} error={error} busy={form.submitting} />
      </Stack>
    </form>
  );
}

/** The end of both ways of resetting: the new password, what went wrong, and the submit button. */
function NewPassword(props: { input: GetInputPropsReturnType; error: string | null; busy: boolean }) {
  return (
    <>
      <PasswordInput label="New password" autoComplete="new-password" required {...props.input} />
      <FormError message={props.error} />
      <Button type="submit" loading={props.busy}>
        Change password
      </Button>
    </>
  );
}

/** Says the password changed and opens the sign-in page. */
async function passwordChanged(navigate: ReturnType<typeof useNavigate>) {
  notifications.show({
    color: 'green',
    title: 'Password changed',
    message: 'Sign in with your new password.',
  });
  await navigate({ to: '/sign-in' });
}
