import { Box, Image, Paper, Stack, Text } from '@mantine/core';

const SAMPLE = { firstName: 'Ada', lastName: 'Obi' };

/** The message as a recipient sees it: a chat bubble on a phone, with the placeholders filled in. */
export function PhonePreview(props: {
  header: string;
  message: string;
  media: string | null;
  ctaTitle: string;
  businessName: string;
}) {
  const text = props.message.replace(
    /\{\{\s*(firstName|lastName)\s*\}\}/g,
    (_m, k: 'firstName' | 'lastName') => SAMPLE[k],
  );
  return (
    <Paper
      withBorder
      radius={28}
      p="sm"
      w={280}
      mx="auto"
      bg="var(--mantine-color-gray-9)"
      aria-label="Preview of the message on a phone"
      role="img"
    >
      <Stack gap={0} bg="#e5ddd5" style={{ borderRadius: 20, overflow: 'hidden' }} mih={420}>
        <Box bg="#075e54" px="sm" py={8}>
          <Text c="white" fw={600} size="sm">
            {props.businessName}
          </Text>
        </Box>
        <Box p="sm">
          <Paper shadow="xs" p={8} radius="md" bg="white" maw="90%">
            {props.media && /\.(png|jpe?g|webp|gif)(\?|$)/i.test(props.media) && (
              <Image src={props.media} alt="" radius="sm" mb={6} />
            )}
            {props.header && (
              <Text fw={700} size="sm" c="dark.9">
                {props.header}
              </Text>
            )}
            <Text size="sm" c="dark.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text || 'Your message appears here.'}
            </Text>
            {props.ctaTitle && (
              <Text
                size="sm"
                ta="center"
                c="#00588a"
                fw={600}
                mt={6}
                pt={6}
                style={{ borderTop: '1px solid #ddd' }}
              >
                {props.ctaTitle}
              </Text>
            )}
          </Paper>
        </Box>
      </Stack>
    </Paper>
  );
}
