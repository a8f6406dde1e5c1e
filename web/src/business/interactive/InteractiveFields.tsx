import { Button, CloseButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type InteractiveValues, LIMITS } from './interactive-form';

/**
 * Header, footer and the buttons (up to 3) or the list (a label, up to 10 rows) of an interactive message,
 * in any form whose values include `InteractiveValues` (the rule editor's, the inbox composer's). `idHint`
 * says what a button's or row's id is for there.
 */
export function InteractiveFields<V extends InteractiveValues>({
  form: anyForm,
  idHint = 'What a choice rule listens for',
}: {
  form: UseFormReturnType<V>;
  idHint?: string;
}) {
  const form = anyForm as unknown as UseFormReturnType<InteractiveValues>;
  const v = form.values;
  const count = (s: string, n: number) => `${s.length}/${n}`;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="Header"
          description={`Optional, up to ${LIMITS.header}`}
          maxLength={LIMITS.header}
          {...form.getInputProps('header')}
        />
        <TextInput
          label="Footer"
          description={`Optional, up to ${LIMITS.footer}`}
          maxLength={LIMITS.footer}
          {...form.getInputProps('footer')}
        />
      </SimpleGrid>
      {v.kind === 'buttons' ? (
        <>
          <Text size="sm" fw={500}>
            Buttons (up to {LIMITS.buttons})
          </Text>
          {v.buttons.map((b, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons are edited in place, their place is their key
            <Group key={n} align="flex-start" wrap="nowrap" gap="xs">
              <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ flex: 1 }}>
                <TextInput
                  label={`Button ${n + 1} title`}
                  description={count(b.title, LIMITS.buttonTitle)}
                  required
                  {...form.getInputProps(`buttons.${n}.title`)}
                />
                <TextInput
                  label={`Button ${n + 1} id`}
                  description={idHint}
                  required
                  {...form.getInputProps(`buttons.${n}.id`)}
                />
              </SimpleGrid>
              {v.buttons.length > 1 && (
                <CloseButton
                  mt={28}
                  aria-label={`Remove button ${n + 1}`}
                  onClick={() => form.removeListItem('buttons', n)}
                />
              )}
            </Group>
          ))}
          {v.buttons.length < LIMITS.buttons && (
            <Button
              variant="light"
              w="fit-content"
              onClick={() =>
                form.insertListItem('buttons', { id: `option_${v.buttons.length + 1}`, title: '' })
              }
            >
              Add a button
            </Button>
          )}
        </>
      ) : (
        <>
          <TextInput
            label="List button label"
            description={count(v.listButton, LIMITS.label)}
            required
            {...form.getInputProps('listButton')}
          />
          <Text size="sm" fw={500}>
            Rows (up to {LIMITS.rows})
          </Text>
          {v.rows.map((r, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, their place is their key
            <Group key={n} align="flex-start" wrap="nowrap" gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
                <TextInput
                  label={`Row ${n + 1} title`}
                  description={count(r.title, LIMITS.rowTitle)}
                  required
                  {...form.getInputProps(`rows.${n}.title`)}
                />
                <TextInput
                  label={`Row ${n + 1} description`}
                  description={count(r.description, LIMITS.rowDescription)}
                  {...form.getInputProps(`rows.${n}.description`)}
                />
                <TextInput label={`Row ${n + 1} id`} required {...form.getInputProps(`rows.${n}.id`)} />
              </SimpleGrid>
              {v.rows.length > 1 && (
                <CloseButton
                  mt={28}
                  aria-label={`Remove row ${n + 1}`}
                  onClick={() => form.removeListItem('rows', n)}
                />
              )}
            </Group>
          ))}
          {v.rows.length < LIMITS.rows && (
            <Button
              variant="light"
              w="fit-content"
              onClick={() =>
                form.insertListItem('rows', { id: `row_${v.rows.length + 1}`, title: '', description: '' })
              }
            >
              Add a row
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
