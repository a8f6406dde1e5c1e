import { Box, Center, Paper, Stack, Text } from '@mantine/core';

export type HeaderFormat = 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';

export interface PhoneMessage {
  header?: { format: HeaderFormat; text?: string | null; mediaUrl?: string | null } | null;
  /** The body with its variables already filled. */
  body: string;
  footer?: string | null;
  buttons?: { type: string; text: string }[];
}

const MEDIA_WORD: Record<Exclude<HeaderFormat, 'TEXT'>, string> = {
  IMAGE: 'Image',
  VIDEO: 'Video',
  DOCUMENT: 'Document',
};

/**
 * A template message as its recipient sees it: header, body, footer and buttons in a chat bubble on a phone.
 * `label` names the picture for screen readers (which preview it is: the form's, or one contact's).
 */
export function TemplatePhone({
  businessName,
  message,
  label = 'Preview of the message on a phone',
}: {
  businessName: string;
  message: PhoneMessage;
  label?: string;
}) {
  const { header, footer, buttons = [] } = message;
  return (
    <Paper
      withBorder
      radius={28}
      p="sm"
      w="100%"
      maw={300}
      mx="auto"
      bg="var(--mantine-color-gray-9)"
      aria-label={label}
      role="img"
    >
      <Stack gap={0} bg="#e5ddd5" style={{ borderRadius: 20, overflow: 'hidden' }} mih={220}>
        <Box bg="#075e54" px="sm" py={8}>
          <Text c="white" fw={600} size="sm">
            {businessName}
          </Text>
        </Box>
        <Box p="sm">
          <Paper shadow="xs" p={8} radius="md" bg="white" maw="92%">
            {header && header.format !== 'TEXT' && (
              <Center
                bg="gray.2"
                h={header.format === 'DOCUMENT' ? 48 : 110}
                mb={6}
                style={{ borderRadius: 6 }}
              >
                <Text size="xs" c="dark.7" style={{ overflowWrap: 'anywhere' }} px={6}>
                  {MEDIA_WORD[header.format]}
                  {header.mediaUrl ? `: ${header.mediaUrl}` : ''}
                </Text>
              </Center>
            )}
            {header?.format === 'TEXT' && header.text && (
              <Text fw={700} size="sm" c="dark.9" style={{ overflowWrap: 'anywhere' }}>
                {header.text}
              </Text>
            )}
            <Text size="sm" c="dark.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body || 'Your message appears here.'}
            </Text>
            {footer && (
              <Text size="xs" c="dark.5" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {footer}
              </Text>
            )}
          </Paper>
          {buttons.map((b, i) => (
            <Paper
              // Buttons have no id of their own; their place in the list is what tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              shadow="xs"
              radius="md"
              bg="white"
              maw="92%"
              mt={4}
              py={6}
              px={8}
            >
              <Text size="sm" ta="center" c="#00588a" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {b.text || 'Button'}
              </Text>
            </Paper>
          ))}
        </Box>
      </Stack>
    </Paper>
  );
}
