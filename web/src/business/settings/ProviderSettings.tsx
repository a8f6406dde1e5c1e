import { Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { sessionQuery, useSession } from '../../auth/session';
import { applyApiError, FormError } from '../../ui/form-errors';

/** The messaging provider's account; passwords are stored encrypted and never shown again. */
export function ProviderSettings() {
  const { business } = useSession();
  const b = business!;
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      provider: b.provider ?? '',
      wabaNumber: b.wabaNumber ?? '',
      providerHSMID: b.providerHSMID ?? '',
      providerHSMPassword: '',
      wabaProviderId: b.wabaProviderId ?? '',
    },
    validate: {
      provider: (v) => (v.trim() ? null : 'Enter the provider'),
      wabaNumber: (v) => (v.trim() ? null : 'Enter the messaging number'),
      providerHSMID: (v) => (v.trim() ? null : 'Enter the account id'),
      providerHSMPassword: (v) => (v ? null : 'Enter the account password'),
    },
  });
  const submit = form.onSubmit(async ({ wabaProviderId, ...v }) => {
    setError(null);
    try {
      await unwrap(
        api.POST('/api/v1/business/provider', {
          body: { ...v, ...(wabaProviderId ? { wabaProviderId } : {}) },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      form.setFieldValue('providerHSMPassword', '');
      notifications.show({ color: 'green', message: 'Messaging provider connected' });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  if (b.businessVerified !== 'accepted') {
    return (
      <Text>Your business must be verified by an administrator before you connect a messaging provider.</Text>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Provider" required {...form.getInputProps('provider')} />
          <TextInput label="Messaging number" required {...form.getInputProps('wabaNumber')} />
          <TextInput label="Account id" required {...form.getInputProps('providerHSMID')} />
          <PasswordInput
            label="Account password"
            required
            description={
              b.providerHSMPassword === 'true' ? 'Saved; type it again to change the settings' : undefined
            }
            {...form.getInputProps('providerHSMPassword')}
          />
          <TextInput
            label="Provider's id for the number (optional)"
            {...form.getInputProps('wabaProviderId')}
          />
        </SimpleGrid>
        <FormError message={error} />
        <Button type="submit" loading={form.submitting} w="fit-content">
          Save provider
        </Button>
      </Stack>
    </form>
  );
}
