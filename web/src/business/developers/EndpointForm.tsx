import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../api/model';
import { applyApiError, FormError } from '../../ui/form-errors';
import { EVENT_GROUPS, EVENT_LABELS } from './webhook-events';

export interface EndpointValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

/**
 * An endpoint's address, what it is for and the events it receives: creating one, or changing one. The
 * address is checked by the service (https, a public address); its refusal stands under the field.
 */
export function EndpointForm(props: {
  initial?: EndpointValues;
  submitLabel: string;
  onSubmit: (values: EndpointValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EndpointValues>({
    initialValues: props.initial ?? { url: '', description: '', eventTypes: [] },
    validate: {
      url: (v) =>
        // Plain http passes here: the service allows it for the internal hosts its operator listed.
        /^https?:\/\/\S+$/.test(v.trim()) ? null : 'Enter an https:// address',
      eventTypes: (v) => (v.length ? null : 'Choose at least one event'),
    },
  });
  const chosen = new Set(form.values.eventTypes);
  const set = (types: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const type of types) on ? next.add(type) : next.delete(type);
    form.setFieldValue(
      'eventTypes',
      WEBHOOK_EVENT_TYPES.filter((t) => next.has(t)),
    );
  };
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await props.onSubmit({ ...values, url: values.url.trim(), description: values.description.trim() });
      if (!props.initial) form.reset();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Address"
          description="Where each event is posted; https only, on a public address."
          placeholder="https://shop.example.com/hooks/whatsapp"
          required
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Description"
          placeholder="Order updates for the shop"
          {...form.getInputProps('description')}
        />
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <Group justify="space-between" mb={4}>
            <Text component="legend" size="sm" fw={500}>
              Events
            </Text>
            <Checkbox
              size="xs"
              label="All events"
              checked={chosen.size === WEBHOOK_EVENT_TYPES.length}
              indeterminate={chosen.size > 0 && chosen.size < WEBHOOK_EVENT_TYPES.length}
              onChange={(e) => set(WEBHOOK_EVENT_TYPES, e.currentTarget.checked)}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {EVENT_GROUPS.map((group) => (
              <Stack key={group.label} gap={4}>
                <Text size="sm" fw={600}>
                  {group.label}
                </Text>
                {group.types.map((type) => (
                  <Checkbox
                    key={type}
                    size="sm"
                    label={EVENT_LABELS[type]}
                    aria-label={`${group.label}: ${EVENT_LABELS[type].toLowerCase()}`}
                    checked={chosen.has(type)}
                    onChange={(e) => set([type], e.currentTarget.checked)}
                  />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          {form.errors.eventTypes && (
            <Text size="sm" c="red.9" role="alert" mt={4}>
              {form.errors.eventTypes}
            </Text>
          )}
        </fieldset>
        <FormError message={error} />
        <Group justify={props.onCancel ? 'flex-end' : 'flex-start'}>
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
