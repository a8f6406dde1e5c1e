import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { automationKeys, type BusinessHours, businessHoursQuery } from '../../api/queries/automation';
import { FormError } from '../../ui/form-errors';
import { SectionCard, toast } from '../../ui/page';

const DAYS = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const;
type Day = (typeof DAYS)[number][0];

/** The editor's week: each day open (one interval) or closed. */
interface HoursValues {
  timeZone: string;
  days: Record<Day, { open: boolean; from: string; to: string }>;
}

const ZONES: string[] = (() => {
  const supported = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC', 'Africa/Lagos', 'Europe/London'];
})();

function fromHours(h: BusinessHours | null | undefined): HoursValues {
  const days = Object.fromEntries(
    DAYS.map(([d]) => {
      const first = h?.week[d]?.[0];
      const weekday = d !== 'sat' && d !== 'sun';
      return [
        d,
        first
          ? { open: true, from: first.open, to: first.close }
          : { open: !h && weekday, from: '09:00', to: '17:00' },
      ];
    }),
  ) as HoursValues['days'];
  return { timeZone: h?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, days };
}

/** Business hours: away messages answer exactly outside them, in the business's time zone. */
export function BusinessHoursSection({ manage }: { manage: boolean }) {
  const queryClient = useQueryClient();
  const hours = useQuery(businessHoursQuery);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<HoursValues>({ initialValues: fromHours(null) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from what is stored, once loaded
  useEffect(() => {
    if (hours.isSuccess) form.setValues(fromHours(hours.data));
  }, [hours.isSuccess, hours.data]);
  const submit = form.onSubmit(async (v) => {
    setError(null);
    setBusy(true);
    try {
      const week = Object.fromEntries(
        DAYS.map(([d]) => [d, v.days[d].open ? [{ open: v.days[d].from, close: v.days[d].to }] : []]),
      ) as BusinessHours['week'];
      await unwrap(api.PUT('/api/v1/automation/business-hours', { body: { timeZone: v.timeZone, week } }));
      await queryClient.invalidateQueries({ queryKey: automationKeys.all });
      toast('Business hours saved.', 'green');
    } catch (err) {
      setError(placeHoursError(form, err));
    } finally {
      setBusy(false);
    }
  });
  return (
    <SectionCard title="Business hours">
      <Text size="sm" c="dimmed">
        {hours.data === null
          ? 'Not set yet: away rules answer nothing until they are.'
          : 'Away rules answer messages written outside these hours.'}
      </Text>
      <form onSubmit={submit} noValidate aria-label="Business hours">
        <Stack gap="sm">
          <Select
            label="Time zone"
            searchable
            allowDeselect={false}
            // A zone the browser's list leaves out (UTC in some) is still offered when it is the one saved.
            data={ZONES.includes(form.values.timeZone) ? ZONES : [form.values.timeZone, ...ZONES]}
            maw={320}
            disabled={!manage}
            {...form.getInputProps('timeZone')}
          />
          <Stack gap={4}>
            {DAYS.map(([d, label]) => {
              const day = form.values.days[d];
              return (
                // A day wraps under its name on a phone rather than scrolling sideways.
                <Group key={d} data-testid={`hours-${d}`} gap="xs" mih={36}>
                  <Checkbox
                    w={130}
                    label={label}
                    disabled={!manage}
                    {...form.getInputProps(`days.${d}.open`, { type: 'checkbox' })}
                  />
                  {day.open ? (
                    <Group gap={6} wrap="nowrap">
                      <TextInput
                        type="time"
                        aria-label={`${label} opens`}
                        disabled={!manage}
                        w={120}
                        {...form.getInputProps(`days.${d}.from`)}
                      />
                      <Text size="sm">to</Text>
                      <TextInput
                        type="time"
                        aria-label={`${label} closes`}
                        disabled={!manage}
                        w={120}
                        {...form.getInputProps(`days.${d}.to`)}
                      />
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Closed
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
          <FormError message={error} />
          {manage && (
            <Group>
              <Button type="submit" loading={busy}>
                Save hours
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}

/**
 * The API names a day's interval (`week.mon.0.close`): its message goes under that day's time
 * (`days.mon.to`), the zone's under the zone; what is left is said above the button.
 */
function placeHoursError(form: UseFormReturnType<HoursValues>, err: unknown): string | null {
  if (!(err instanceof ApiError)) return errorText(err);
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(err.fieldErrors)) {
    const day = /^week\.(\w+)\.\d+\.(open|close)$/.exec(path);
    if (day) placed[`days.${day[1]}.${day[2] === 'open' ? 'from' : 'to'}`] = message;
    else if (path === 'timeZone') placed.timeZone = message;
  }
  form.setErrors(placed);
  return Object.keys(placed).length ? null : err.message;
}
