import { Select, TextInput } from '@mantine/core';
import { SectionCard } from '../../../ui/page';
import type { TemplateForm } from './template-form';
import { LIMITS, shapeOf } from './template-values';

/** No header, a line of text (with at most one variable), or a kind of media shown by a sample file. */
export function HeaderStep({ form }: { form: TemplateForm }) {
  const v = form.values;
  const { headerKeys } = shapeOf(v);
  return (
    <SectionCard title="Header (optional)">
      <Select
        label="Header type"
        allowDeselect={false}
        data={[
          { value: 'NONE', label: 'No header' },
          { value: 'TEXT', label: 'Text' },
          { value: 'IMAGE', label: 'Image' },
          { value: 'VIDEO', label: 'Video' },
          { value: 'DOCUMENT', label: 'Document' },
        ]}
        {...form.getInputProps('headerFormat')}
      />
      {v.headerFormat === 'TEXT' && (
        <>
          <TextInput
            label="Header text"
            description={`${v.headerText.length}/${LIMITS.header} characters; may hold one variable, {{1}}`}
            {...form.getInputProps('headerText')}
          />
          {headerKeys.length > 0 && (
            <TextInput
              label={`Example for the header's {{${headerKeys[0]}}}`}
              {...form.getInputProps('headerExample')}
            />
          )}
        </>
      )}
      {v.headerFormat !== 'NONE' && v.headerFormat !== 'TEXT' && (
        <TextInput
          label="Link to a sample file"
          description="WhatsApp reviews the template with it; each campaign gives its own file"
          placeholder="https://"
          {...form.getInputProps('headerMediaUrl')}
        />
      )}
    </SectionCard>
  );
}
