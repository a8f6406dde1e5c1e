import { Card, Checkbox, NumberInput, Stack, Text, Title } from '@mantine/core';
import type { TemplateForm } from './template-form';

/** A one-time-password template: WhatsApp writes its words; the business picks the extras. */
export function AuthenticationStep({ form }: { form: TemplateForm }) {
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          One-time password
        </Title>
        <Text size="sm">
          WhatsApp writes the message itself (“123456 is your verification code.”) with a button that copies
          the code; each send gives its own code. No header, media or link.
        </Text>
        <Checkbox
          label="Add “For your security, do not share this code.”"
          {...form.getInputProps('securityRecommendation', { type: 'checkbox' })}
        />
        <NumberInput
          label="Code expires after (minutes, optional)"
          min={1}
          max={90}
          {...form.getInputProps('codeExpiration')}
        />
      </Stack>
    </Card>
  );
}
