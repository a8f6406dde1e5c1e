import { Group, Radio, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { SectionCard } from '../../../ui/page';
import { timeZones } from '../time-zone';
import type { ComposerForm } from './composer-form';

/** Send now, or at a date and time in a chosen time zone. */
export function WhenStep({ form }: { form: ComposerForm }) {
  const zones = useMemo(() => timeZones(), []);
  return (
    <SectionCard title="When">
      <Radio.Group {...form.getInputProps('when')} aria-label="When to send">
        <Group>
          <Radio value="now" label="Send now" />
          <Radio value="later" label="Schedule" />
        </Group>
      </Radio.Group>
      {form.values.when === 'later' && (
        <Group grow align="flex-start">
          <TextInput type="datetime-local" label="Date and time" {...form.getInputProps('scheduledLocal')} />
          <Select
            label="Time zone"
            searchable
            data={zones}
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
          />
        </Group>
      )}
    </SectionCard>
  );
}
