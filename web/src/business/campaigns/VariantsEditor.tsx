import {
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';

/** What the composer keeps of an A/B test: variant A is the campaign's message, B (and C) their own. */
export interface AbDraft {
  on: boolean;
  others: string[];
  testPercent: number;
  metric: 'readRate' | 'clickRate';
  decideAfterHours: number;
}

export const NO_AB: AbDraft = {
  on: false,
  others: [''],
  testPercent: 20,
  metric: 'readRate',
  decideAfterHours: 4,
};

const NAMES = ['B', 'C'];

/** The body fields of an A/B test (none when it is off). */
export function abFields(ab: AbDraft, message: string) {
  if (!ab.on) return {};
  return {
    variants: [{ name: 'A', message }, ...ab.others.map((m, i) => ({ name: NAMES[i]!, message: m }))],
    abTest: {
      testShare: ab.testPercent / 100,
      metric: ab.metric,
      decideAfterMinutes: Math.round(ab.decideAfterHours * 60),
    },
  };
}

/**
 * Test two or three messages on part of the audience; the better one goes to the rest by itself after the
 * chosen time. Variant A is the message written above.
 */
export function VariantsEditor({
  value,
  onChange,
  errors,
}: {
  value: AbDraft;
  onChange: (v: AbDraft) => void;
  errors: Record<string, unknown>;
}) {
  const set = (patch: Partial<AbDraft>) => onChange({ ...value, ...patch });
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            A/B test
          </Title>
          <Switch
            label="Test variants"
            checked={value.on}
            onChange={(e) => set({ on: e.currentTarget.checked })}
          />
        </Group>
        {value.on && (
          <>
            <Text size="sm" c="dimmed">
              Variant A is the message above. Each variant goes to an equal part of the test share, chosen at
              random; the winner goes to everyone else.
            </Text>
            {value.others.map((m, i) => (
              <Textarea
                key={NAMES[i]}
                label={`Variant ${NAMES[i]}`}
                autosize
                minRows={3}
                value={m}
                error={errors[`variants.${i + 1}.message`] as string | undefined}
                onChange={(e) => {
                  const others = [...value.others];
                  others[i] = e.currentTarget.value;
                  set({ others });
                }}
              />
            ))}
            <Switch
              label="Add a third variant (C)"
              checked={value.others.length === 2}
              onChange={(e) =>
                set({
                  others: e.currentTarget.checked ? [value.others[0] ?? '', ''] : [value.others[0] ?? ''],
                })
              }
            />
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <NumberInput
                label="Test share (%)"
                min={1}
                max={100}
                value={value.testPercent}
                onChange={(n) => set({ testPercent: Number(n) || 1 })}
              />
              <Select
                label="Winner by"
                allowDeselect={false}
                data={[
                  { value: 'readRate', label: 'Read rate' },
                  { value: 'clickRate', label: 'Click rate' },
                ]}
                value={value.metric}
                onChange={(m) => set({ metric: (m as AbDraft['metric']) ?? 'readRate' })}
              />
              <NumberInput
                label="Decide after (hours)"
                min={0.5}
                step={0.5}
                decimalScale={1}
                value={value.decideAfterHours}
                onChange={(n) => set({ decideAfterHours: Number(n) || 1 })}
              />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}
