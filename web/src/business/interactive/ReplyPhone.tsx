import { Box, Paper, Stack, Text } from '@mantine/core';
import { TemplatePhone } from '../templates/TemplatePhone';
import type { InteractiveValues } from './interactive-form';

/**
 * A reply as WhatsApp shows it: the text, or the interactive message's bubble with its buttons; a list
 * shows its one button, and under the phone the sheet it opens with its rows. `label` names the picture
 * for screen readers.
 */
export function ReplyPhone({
  values,
  businessName,
  label,
}: {
  values: InteractiveValues;
  businessName: string;
  label: string;
}) {
  const list = values.kind === 'list';
  const interactive = list || values.kind === 'buttons';
  const buttons =
    values.kind === 'buttons'
      ? values.buttons.map((b) => ({ type: 'QUICK_REPLY', text: b.title }))
      : list
        ? [{ type: 'LIST', text: `☰ ${values.listButton || 'Options'}` }]
        : [];
  const body = values.kind === 'template' ? 'The approved template is sent as it was approved.' : values.body;
  return (
    <Stack gap="sm">
      <TemplatePhone
        businessName={businessName}
        label={label}
        message={{
          header: interactive && values.header ? { format: 'TEXT', text: values.header } : null,
          body,
          footer: interactive ? values.footer : null,
          buttons,
        }}
      />
      {list && (
        <Paper withBorder radius="md" p="sm" maw={300} mx="auto" w="100%" data-testid="list-preview">
          <Text fw={600} size="sm" ta="center" mb={6}>
            {values.listButton || 'Options'}
          </Text>
          <Stack gap={6}>
            {values.rows.map((r, n) => (
              // Rows are edited in place; their place is what tells them apart while typed.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Box key={n} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} pb={4}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r.title || 'Row'}
                </Text>
                {r.description && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {r.description}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
