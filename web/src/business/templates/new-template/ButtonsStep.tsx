import { Button, Card, CloseButton, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { SectionCard } from '../../../ui/page';
import type { TemplateForm } from './template-form';
import { type ButtonDraft, urlHasVariable } from './template-values';

const BUTTON_TYPES = [
  { value: 'QUICK_REPLY', label: 'Quick reply' },
  { value: 'URL', label: 'Open a link' },
  { value: 'PHONE_NUMBER', label: 'Call a number' },
  { value: 'COPY_CODE', label: 'Copy a coupon code' },
];
const MAX_BUTTONS = 10;
const NEW_BUTTON: ButtonDraft = { type: 'QUICK_REPLY', text: '', url: '', example: '', phoneNumber: '' };

/** Up to ten buttons: a quick reply, a link, a phone number or (on the Cloud API) a coupon code to copy. */
export function ButtonsStep({ form, cloud }: { form: TemplateForm; cloud: boolean }) {
  const v = form.values;
  return (
    <SectionCard
      title="Buttons (optional)"
      action={
        <Button
          size="compact-sm"
          variant="light"
          disabled={v.buttons.length >= MAX_BUTTONS}
          onClick={() => form.insertListItem('buttons', { ...NEW_BUTTON })}
        >
          Add a button
        </Button>
      }
    >
      {form.errors.buttons && (
        <Text size="sm" c="red.9" role="alert">
          {form.errors.buttons}
        </Text>
      )}
      {v.buttons.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a button is its place in the list
        <ButtonCard key={i} form={form} button={b} index={i} cloud={cloud} />
      ))}
    </SectionCard>
  );
}

function ButtonCard({
  form,
  button: b,
  index: i,
  cloud,
}: {
  form: TemplateForm;
  button: ButtonDraft;
  index: number;
  cloud: boolean;
}) {
  const input = (field: keyof ButtonDraft) => form.getInputProps(`buttons.${i}.${field}`);
  return (
    <Card withBorder p="sm" bg="gray.0">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Button {i + 1}
        </Text>
        <CloseButton
          aria-label={`Remove button ${i + 1}`}
          onClick={() => form.removeListItem('buttons', i)}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={`Button ${i + 1} action`}
          allowDeselect={false}
          data={cloud ? BUTTON_TYPES : BUTTON_TYPES.filter((t) => t.value !== 'COPY_CODE')}
          {...input('type')}
        />
        <TextInput
          label={`Button ${i + 1} text`}
          description={b.type === 'COPY_CODE' ? 'Optional: WhatsApp labels it “Copy offer code”' : undefined}
          {...input('text')}
        />
        {b.type === 'COPY_CODE' && (
          <TextInput
            label={`Button ${i + 1} example code`}
            description="At most 15 characters; each campaign gives its own code"
            {...input('example')}
          />
        )}
        {b.type === 'URL' && (
          <TextInput
            label={`Button ${i + 1} link`}
            description="May end with {{1}}, filled by each campaign"
            placeholder="https://"
            {...input('url')}
          />
        )}
        {b.type === 'URL' && urlHasVariable(b.url) && (
          <TextInput label={`Example for button ${i + 1}'s {{1}}`} {...input('example')} />
        )}
        {b.type === 'PHONE_NUMBER' && (
          <TextInput label={`Button ${i + 1} number`} placeholder="+234…" {...input('phoneNumber')} />
        )}
      </SimpleGrid>
    </Card>
  );
}
