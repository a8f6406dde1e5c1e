import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { applyApiError, FormError } from '../ui/form-errors';
import { AnchorLink } from '../ui/link';
import { IdentityProviderButton } from './IdentityProvider';
import { sessionQuery } from './session';

const route = getRouteApi('/public/sign-up');

export function SignUp() {
  const { referralCode } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: '',
      email: '',
      whatsappNumber: '',
      password: '',
      referralCode: referralCode ?? '',
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Enter your name'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter your e-mail address'),
      whatsappNumber: (v) => (v.trim() ? null : 'Enter your WhatsApp number'),
      password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
    },
  });

  const submit = form.onSubmit(async ({ referralCode, ...values }) => {
    setError(null);
    try {
      await unwrap(
        api.POST('/api/v1/auth/sign-up', { body: { ...values, ...(referralCode ? { referralCode } : {}) } }),
      );
      await queryClient.resetQueries({ queryKey: sessionQuery.queryKey });
      await navigate({ to: '/verify-email' });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Create your account
        </Title>
        <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <TextInput
          label="WhatsApp number"
          description="With the country code, like +234 803 123 4567"
          type="tel"
          autoComplete="tel"
          required
          {...form.getInputProps('whatsappNumber')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <TextInput label="Referral code (optional)" {...form.getInputProps('referralCode')} />
        <FormError message={error} />
        <Button type="submit" loading={form.submitting}>
          Create account
        </Button>
        <IdentityProviderButton />
        <Text size="sm">
          Already have an account? <AnchorLink to="/sign-in">Sign in</AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}
