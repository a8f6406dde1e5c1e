import { Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { type AssignmentSettings, assignmentSettingsQuery } from '../../api/queries/conversations';
import { applyApiError, FormSubmit } from '../../ui/form-errors';
import { toast } from '../../ui/page';

type Mode = AssignmentSettings['mode'];

const MODES: { value: Mode; label: string; help: string }[] = [
  {
    value: 'off',
    label: 'Off',
    help: 'New conversations wait, unassigned, until someone takes or assigns them.',
  },
  {
    value: 'round_robin',
    label: 'Round robin',
    help: 'Each new conversation goes to the available member who was given one longest ago.',
  },
  {
    value: 'least_open',
    label: 'Fewest open conversations',
    help: 'Each new conversation goes to the available member holding the fewest open ones.',
  },
];

/**
 * Settings → Members: whether new conversations are handed out automatically, how, and how many open ones a
 * member may hold before it is skipped (empty: no limit). Members set away are always skipped.
 */
export function AutoAssignment() {
  const queryClient = useQueryClient();
  const current = useQuery(assignmentSettingsQuery);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ mode: Mode; capacity: number | string }>({
    initialValues: { mode: 'off', capacity: '' },
    validate: {
      capacity: (v) =>
        v === '' || (Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 1000)
          ? null
          : 'A whole number from 1 to 1000, or empty for no limit',
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!current.data) return;
    setValues({ mode: current.data.mode, capacity: current.data.capacity ?? '' });
    resetDirty();
  }, [current.data, setValues, resetDirty]);

  const submit = form.onSubmit(async ({ mode, capacity }) => {
    setError(null);
    try {
      const saved = await unwrap(
        api.PUT('/api/v1/inbox/assignment', {
          body: { mode, capacity: capacity === '' ? null : Number(capacity) },
        }),
      );
      queryClient.setQueryData(assignmentSettingsQuery.queryKey, saved);
      toast('Automatic assignment saved', 'green');
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  const help = MODES.find((m) => m.value === form.values.mode)?.help;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="auto-assignment-title">
      <Stack maw={560} gap="sm">
        <Title order={2} size="h4" id="auto-assignment-title">
          Automatic assignment
        </Title>
        <Text size="sm" c="dimmed">
          Hands each new conversation to a member who answers the inbox. Members who set themselves away are
          skipped.
        </Text>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Mode"
            data={MODES.map(({ value, label }) => ({ value, label }))}
            description={help}
            allowDeselect={false}
            miw={220}
            {...form.getInputProps('mode')}
          />
          <NumberInput
            label="Open conversations per member"
            description="Empty: no limit"
            min={1}
            max={1000}
            allowDecimal={false}
            miw={220}
            disabled={form.values.mode === 'off'}
            {...form.getInputProps('capacity')}
          />
        </Group>
        <FormSubmit
          error={error ?? (current.error ? errorText(current.error) : null)}
          busy={form.submitting}
          disabled={!current.data}
        >
          Save
        </FormSubmit>
      </Stack>
    </form>
  );
}
