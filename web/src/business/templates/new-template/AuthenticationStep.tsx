import { Checkbox, NumberInput, Text } from '@mantine/core';
import { SectionCard } from '../../../ui/page';
import type { TemplateForm } from './template-form';

/** A one-time-password template: WhatsApp writes its words; the business picks the extras. */
export function AuthenticationStep({ form }: { form: TemplateForm }) {
  return (
    <SectionCard title="One-time password">
      <Text size="sm">
        WhatsApp writes the message itself (“123456 is your verification code.”) with a button that copies the
        code; each send gives its own code. No header, media or link.
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
    </SectionCard>
  );
}
