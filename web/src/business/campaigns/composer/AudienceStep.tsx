import { Group, MultiSelect, Radio, SegmentedControl, Select, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { campaignQuery } from '../../../api/queries/campaigns';
import { tagsQuery } from '../../../api/queries/contacts';
import { segmentCountQuery, segmentsQuery } from '../../../api/queries/segments';
import { AnchorLink } from '../../../ui/link';
import { SectionCard } from '../../../ui/page';
import { OUTCOME_LABEL } from '../follow-ups';
import type { Audience, ComposerForm, Retarget } from './composer-form';
import { useContactPicker } from './contact-picker';

/** Who receives the campaign: everyone, some tags, picked contacts, a segment, or a follow-up's recipients. */
export function AudienceStep({ form, retarget }: { form: ComposerForm; retarget: Retarget | null }) {
  const v = form.values;
  const narrow = useMediaQuery('(max-width: 30em)');
  const tags = useQuery(tagsQuery).data;
  const fromCampaign = useQuery({ ...campaignQuery(retarget?.fromCampaign ?? ''), enabled: !!retarget });
  const picker = useContactPicker(v.audience === 'picked', v.selectedContactId);
  const segments = useQuery({ ...segmentsQuery, enabled: v.audience === 'segment' }).data?.items;
  // Each segment's count now, beside its name: who the campaign would reach if it went out now.
  const counts = useQueries({ queries: (segments ?? []).map((s) => segmentCountQuery(s.id)) });
  return (
    <SectionCard title="Audience">
      <SegmentedControl
        aria-label="Audience"
        // On a phone the three choices do not fit side by side: one above the other.
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth
        value={v.audience}
        onChange={(a) => form.setFieldValue('audience', a as Audience)}
        data={[
          ...(retarget ? [{ value: 'retarget', label: 'Follow-up' }] : []),
          { value: 'all', label: 'All contacts' },
          { value: 'tags', label: 'By tags' },
          { value: 'picked', label: 'Picked contacts' },
          { value: 'segment', label: 'A segment' },
        ]}
      />
      {v.audience === 'retarget' && retarget && (
        <Text size="sm" data-testid="retarget-audience">
          The recipients of “{fromCampaign.data?.name ?? 'the campaign'}” {OUTCOME_LABEL[retarget.outcome]}.
        </Text>
      )}
      {v.audience === 'tags' && (
        <>
          <MultiSelect
            label="Tags"
            data={(tags ?? []).map((t) => ({
              value: t.tag,
              label: `${t.tag} (${t.contacts.toLocaleString()})`,
            }))}
            searchable
            {...form.getInputProps('tags')}
          />
          <Radio.Group label="Contacts with" {...form.getInputProps('tagMatch')}>
            <Group mt={4}>
              <Radio value="any" label="any of these tags" />
              <Radio value="all" label="all of these tags" />
            </Group>
          </Radio.Group>
        </>
      )}
      {v.audience === 'picked' && (
        <MultiSelect
          label="Contacts"
          placeholder="Search by name or number"
          searchable
          searchValue={picker.search}
          onSearchChange={picker.setSearch}
          filter={({ options }) => options}
          data={picker.data}
          {...form.getInputProps('selectedContactId')}
        />
      )}
      {v.audience === 'segment' && (
        <>
          <Select
            label="Segment"
            placeholder={segments?.length === 0 ? 'No segment yet' : 'Choose a segment'}
            searchable
            data={(segments ?? []).map((s, i) => {
              const count = counts[i]?.data;
              return {
                value: s.id,
                label: count ? `${s.name} (${count.optedIn.toLocaleString()} opted in)` : s.name,
              };
            })}
            {...form.getInputProps('segmentId')}
          />
          <Text size="xs">
            The campaign reaches whoever matches the segment when it goes out. Segments are made from a filter
            of the <AnchorLink to="/contacts">contacts list</AnchorLink>.
          </Text>
        </>
      )}
      <Text size="xs">Only contacts who opted in receive campaigns.</Text>
    </SectionCard>
  );
}
