import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SectionCard } from '../../../ui/page';
import type { TemplateForm } from './template-form';
import { LIMITS, shapeOf } from './template-values';

/** The message with its variables (numbered, or named on the Cloud API), an example for each, and the footer. */
export function BodyStep({ form, cloud }: { form: TemplateForm; cloud: boolean }) {
  const v = form.values;
  const { named, bodyNames, bodyVariables } = shapeOf(v);
  return (
    <>
      {cloud && (
        <Select
          label="Variables"
          allowDeselect={false}
          data={[
            { value: 'POSITIONAL', label: 'Numbered: {{1}}, {{2}}…' },
            { value: 'NAMED', label: 'Named: {{first_name}}, {{order_id}}…' },
          ]}
          {...form.getInputProps('parameterFormat')}
        />
      )}
      <Stack gap={4}>
        <Textarea
          label="Message"
          required
          autosize
          minRows={4}
          description={
            named
              ? 'Write {{first_name}}, {{order_id}}… (lower-case names) where a campaign puts a value'
              : 'Write {{1}}, {{2}}… where a campaign puts a name, a number or any text'
          }
          {...form.getInputProps('body')}
        />
        <Group justify="space-between">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() =>
              form.setFieldValue(
                'body',
                named
                  ? `${v.body}{{variable_${bodyNames.length + 1}}}`
                  : `${v.body}{{${(bodyVariables.at(-1) ?? 0) + 1}}}`,
              )
            }
          >
            Add a variable
          </Button>
          <Text size="xs" c="dimmed">
            {v.body.length}/{LIMITS.body} characters
          </Text>
        </Group>
      </Stack>
      {named ? (
        <Examples
          form={form}
          inputs={bodyNames.map((name) => ({
            key: name,
            path: `namedExamples.${name}`,
            value: v.namedExamples[name],
          }))}
        />
      ) : (
        <Examples
          form={form}
          inputs={bodyVariables.map((n) => ({
            key: String(n),
            path: `bodyExamples.${n - 1}`,
            value: v.bodyExamples[n - 1],
            placeholder: n === 1 ? 'Ada' : '',
          }))}
        />
      )}
      <TextInput
        label="Footer (optional)"
        description={`${v.footer.length}/${LIMITS.footer} characters, no variables`}
        {...form.getInputProps('footer')}
      />
    </>
  );
}

/** An example for each variable the message uses (WhatsApp reviews the message with them). */
function Examples({
  form,
  inputs,
}: {
  form: TemplateForm;
  inputs: { key: string; path: string; value: string | undefined; placeholder?: string }[];
}) {
  if (!inputs.length) return null;
  return (
    <SectionCard title="Examples" gap="xs">
      <Text size="sm">WhatsApp reviews the message with an example for each variable.</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {inputs.map((i) => (
          <TextInput
            key={i.key}
            label={`Example for {{${i.key}}}`}
            placeholder={i.placeholder}
            {...form.getInputProps(i.path)}
            value={i.value ?? ''}
          />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
