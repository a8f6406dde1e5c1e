import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { sessionQuery, useSession } from '../../auth/session';
import { stateBadge, VERIFICATION_TINTS, type Verification } from '../../ui/badges';
import { applyApiError, FormError, FormSubmit } from '../../ui/form-errors';
import { uploadFile } from '../../ui/upload';

/** The business's own words for where its verification stands. */
const VerificationBadge = stateBadge<Verification>(VERIFICATION_TINTS, {
  pending: 'Not verified yet',
  accepted: 'Verified',
  rejected: 'Rejected',
});

/** The business profile, its logo (uploaded through a presigned URL) and the request for verification. */
export function BusinessProfile() {
  const { business } = useSession();
  const b = business!;
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [logo, setLogo] = useState(b.companyLogo);
  const [uploading, setUploading] = useState(false);
  const form = useForm({
    initialValues: {
      companyName: b.companyName ?? '',
      address: b.address ?? '',
      website: b.website ?? '',
      businessRegistrationNumber: b.businessRegistrationNumber ?? '',
      countryCode: b.countryCode ?? '',
      industry: b.industry ?? '',
      noOfEmployees: b.noOfEmployees ?? ('' as number | ''),
      noOfSubscribers: b.noOfSubscribers ?? ('' as number | ''),
    },
    validate: {
      companyName: (v) => (v.trim() ? null : 'Enter the company name'),
      countryCode: (v) => (!v || /^[A-Za-z]{2}$/.test(v) ? null : 'Two letters, like NG'),
    },
  });

  const save = form.onSubmit(async (v) => {
    setError(null);
    const body = {
      companyName: v.companyName.trim(),
      ...(v.address ? { address: v.address } : {}),
      ...(v.website ? { website: v.website } : {}),
      ...(v.businessRegistrationNumber ? { businessRegistrationNumber: v.businessRegistrationNumber } : {}),
      ...(v.countryCode ? { countryCode: v.countryCode.toUpperCase() } : {}),
      ...(v.industry ? { industry: v.industry } : {}),
      ...(v.noOfEmployees !== '' ? { noOfEmployees: v.noOfEmployees } : {}),
      ...(v.noOfSubscribers !== '' ? { noOfSubscribers: v.noOfSubscribers } : {}),
      ...(logo ? { companyLogo: logo } : {}),
    };
    try {
      await unwrap(api.PATCH('/api/v1/business', { body }));
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      notifications.show({ color: 'green', message: 'Business profile saved' });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });

  const pickLogo = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      setLogo(await uploadFile(file, 'logos'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setUploading(false);
    }
  };

  const submitForVerification = async () => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      await unwrap(api.POST('/api/v1/business/verification'));
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      notifications.show({
        color: 'green',
        message: 'Submitted: an administrator will review your business',
      });
    } catch (err) {
      setSubmitError(errorText(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack maw={720}>
      <Group>
        <Text fw={500}>Verification:</Text>
        <VerificationBadge state={b.businessVerified} />
        {b.verificationSubmittedAt && b.businessVerified === 'pending' && (
          <Text size="sm">Submitted, waiting for review</Text>
        )}
      </Group>
      {b.businessVerified === 'rejected' && b.verificationReason && (
        <Alert color="red" title="Why it was rejected">
          {b.verificationReason}
        </Alert>
      )}
      <form onSubmit={save} noValidate>
        <Stack>
          <Group>
            {logo ? <Image src={logo} alt="Company logo" w={64} h={64} fit="contain" /> : null}
            <FileButton onChange={pickLogo} accept="image/png,image/jpeg,image/webp,image/svg+xml">
              {(props) => (
                <Button variant="default" loading={uploading} {...props}>
                  {logo ? 'Change logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company name" required {...form.getInputProps('companyName')} />
            <TextInput label="Industry" {...form.getInputProps('industry')} />
            <TextInput label="Address" {...form.getInputProps('address')} />
            <TextInput
              label="Country code"
              description="Two letters, like NG"
              maxLength={2}
              {...form.getInputProps('countryCode')}
            />
            <TextInput label="Website" {...form.getInputProps('website')} />
            <TextInput label="Registration number" {...form.getInputProps('businessRegistrationNumber')} />
            <NumberInput
              label="Employees"
              min={0}
              allowDecimal={false}
              {...form.getInputProps('noOfEmployees')}
            />
            <NumberInput
              label="Subscribers"
              min={0}
              allowDecimal={false}
              {...form.getInputProps('noOfSubscribers')}
            />
          </SimpleGrid>
          <FormSubmit error={error} busy={form.submitting}>
            Save business profile
          </FormSubmit>
        </Stack>
      </form>
      {b.businessVerified !== 'accepted' && (
        <Stack gap="xs">
          <Text size="sm">When the profile is complete, ask an administrator to verify your business.</Text>
          <FormError message={submitError} />
          <Group>
            <Button variant="outline" onClick={submitForVerification} loading={submitting}>
              Submit for verification
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
