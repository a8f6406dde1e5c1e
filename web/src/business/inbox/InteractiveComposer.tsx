import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { conversationKeys } from '../../api/queries/conversations';
import { useSession } from '../../auth/session';
import { FormError } from '../../ui/form-errors';
import { InteractiveFields } from '../interactive/InteractiveFields';
import {
  EMPTY_INTERACTIVE,
  type InteractiveValues,
  interactiveErrorPath,
  toInteractive,
  validateInteractive,
} from '../interactive/interactive-form';
import { ReplyPhone } from '../interactive/ReplyPhone';

/**
 * Reply buttons or a list, composed in the thread (inside the window): the rule editor's inputs and phone,
 * checked as WhatsApp does before sending; what the API refuses is said under the input it names.
 */
export function InteractiveComposer({ id, kind }: { id: string; kind: 'buttons' | 'list' }) {
  const queryClient = useQueryClient();
  const { business } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<InteractiveValues>({
    initialValues: { kind, ...EMPTY_INTERACTIVE },
    validate: validateInteractive,
  });
  // Switching between buttons and a list keeps what was typed (the message, header, footer).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the kind chosen above the form only
  useEffect(() => form.setFieldValue('kind', kind), [kind]);
  const values = { ...form.values, kind };
  const send = useMutation({
    mutationFn: (v: InteractiveValues) =>
      unwrap(
        api.POST('/api/v1/conversations/{id}/messages', {
          params: { path: { id } },
          body: { interactive: toInteractive(v) },
        }),
      ),
    onSuccess: () => {
      form.setValues({ kind, ...EMPTY_INTERACTIVE });
      form.clearErrors();
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        const placed: Record<string, string> = {};
        for (const [path, message] of Object.entries(err.fieldErrors))
          placed[interactiveErrorPath(path, 'interactive')] = message;
        form.setErrors(placed);
        setError('Some fields need a change: see the messages next to them.');
      } else setError(errorText(err));
    },
  });
  return (
    <form
      noValidate
      aria-label={kind === 'buttons' ? 'Reply buttons' : 'List'}
      onSubmit={form.onSubmit((v) => {
        setError(null);
        send.mutate({ ...v, kind });
      })}
    >
      {/* The thread is narrower than a page: the inputs take its width, the phone follows them. */}
      <Stack gap="md">
        <Stack gap="xs">
          <Textarea
            label="Message"
            required
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('body')}
          />
          <InteractiveFields form={form} idHint="Kept with the contact's choice" />
        </Stack>
        <ReplyPhone
          values={values}
          businessName={business?.companyName ?? 'Your business'}
          label="Preview of the reply on a phone"
        />
      </Stack>
      <Stack gap="xs" mt="xs">
        <FormError message={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            {kind === 'buttons' ? 'Send buttons' : 'Send list'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
