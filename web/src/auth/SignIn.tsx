import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { applyApiError, FormError } from '../ui/form-errors';
import { AnchorLink } from '../ui/link';
import { IdentityProviderButton } from './IdentityProvider';
import { safeRedirect } from './redirect';
import { sessionQuery } from './session';

const route = getRouteApi('/public/sign-in');

export function SignIn() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter your e-mail address'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/auth/sign-in', { body: values }));
      await queryClient.resetQueries({ queryKey: sessionQuery.queryKey });
      await navigate({ to: safeRedirect(search.redirect) });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Sign in
        </Title>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <FormError message={error} />
        <Button type="submit" loading={form.submitting}>
          Sign in
        </Button>
        <IdentityProviderButton redirect={search.redirect} />
        <Text size="sm">
          <AnchorLink to="/forgot-password">Forgot your password?</AnchorLink>
        </Text>
        <Text size="sm">
          New here? <AnchorLink to="/sign-up">Create an account</AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}
