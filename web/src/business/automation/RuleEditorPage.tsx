import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { automationKeys, automationRuleQuery } from '../../api/queries/automation';
import { approvedTemplatesQuery } from '../../api/queries/templates';
import { useSession } from '../../auth/session';
import { FormError } from '../../ui/form-errors';
import { FormBesidePreview, PageHeader, SectionCard, toast } from '../../ui/page';
import { InteractiveFields } from '../interactive/InteractiveFields';
import { ReplyPhone } from '../interactive/ReplyPhone';
import { EMPTY_RULE, errorPath, fromRule, type RuleValues, toBody, validateRule } from './rule-form';
import { MATCH_MODES, TRIGGERS } from './rule-words';

/** A new rule, or one to change: its trigger, its reply, and the reply on a phone as it is typed. */
export function RuleEditorPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const stored = useQuery({ ...automationRuleQuery(id ?? ''), enabled: !!id });
  if (id && !stored.data)
    return (
      <Text role={stored.error ? 'alert' : 'status'} c={stored.error ? 'red.9' : 'dimmed'}>
        {stored.error ? `The rule could not load: ${errorText(stored.error)}` : 'Loading the rule…'}
      </Text>
    );
  return <RuleEditor id={id} initial={stored.data ? fromRule(stored.data) : EMPTY_RULE} />;
}

function RuleEditor({ id, initial }: { id?: string; initial: RuleValues }) {
  const { business } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const templates = useQuery(approvedTemplatesQuery);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<RuleValues>({ initialValues: initial, validate: validateRule });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from the rule once it is here
  useEffect(() => form.setValues(initial), [id]);
  const v = form.values;
  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const body = toBody(values);
      if (id) await unwrap(api.PATCH('/api/v1/automation/rules/{id}', { params: { path: { id } }, body }));
      else await unwrap(api.POST('/api/v1/automation/rules', { body }));
      await queryClient.invalidateQueries({ queryKey: automationKeys.all });
      toast(id ? 'Rule saved.' : 'Rule created.', 'green');
      await navigate({ to: '/automation' });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        const placed: Record<string, string> = {};
        for (const [path, message] of Object.entries(err.fieldErrors)) placed[errorPath(path)] = message;
        form.setErrors(placed);
        setError('Some fields need a change: see the messages next to them.');
      } else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  });
  return (
    <>
      <PageHeader
        title={id ? 'Edit rule' : 'New rule'}
        description="When a message arrives that fits the trigger, the reply is sent automatically."
      >
        <Button variant="default" component={Link} to="/automation">
          All rules
        </Button>
      </PageHeader>
      <FormBesidePreview
        preview={
          <ReplyPhone
            values={v}
            businessName={business?.companyName ?? 'Your business'}
            label="Preview of the automated reply on a phone"
          />
        }
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Name" required placeholder="Price list" {...form.getInputProps('name')} />
            <SectionCard title="When">
              <Select
                label="Trigger"
                allowDeselect={false}
                data={TRIGGERS}
                {...form.getInputProps('trigger')}
              />
              {v.trigger === 'keyword' && (
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <Select
                    label="The message"
                    allowDeselect={false}
                    data={MATCH_MODES}
                    {...form.getInputProps('matchMode')}
                  />
                  <TextInput
                    label={v.matchMode === 'regex' ? 'Pattern' : 'Keyword'}
                    description="Case and accents are ignored"
                    required
                    {...form.getInputProps('pattern')}
                  />
                </SimpleGrid>
              )}
              {v.trigger === 'choice' && (
                <TextInput
                  label="Option id"
                  description="The id of a button or list row of another rule's reply"
                  required
                  {...form.getInputProps('choiceId')}
                />
              )}
              {v.trigger === 'away' && (
                <Text size="sm" c="dimmed">
                  Sent outside the business hours set on the Automation page.
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NumberInput
                  label="Priority"
                  description="The highest wins when rules match the same message"
                  min={-1000}
                  max={1000}
                  {...form.getInputProps('priority')}
                />
                <NumberInput
                  label="Cooldown (minutes)"
                  description="One reply per contact in this time; empty: the business's"
                  min={0}
                  max={10_080}
                  {...form.getInputProps('cooldownMinutes')}
                />
                <TextInput
                  type="datetime-local"
                  label="Active from"
                  description="Empty: from now"
                  {...form.getInputProps('activeFrom')}
                />
                <TextInput
                  type="datetime-local"
                  label="Active until"
                  description="Empty: no end"
                  {...form.getInputProps('activeUntil')}
                />
              </SimpleGrid>
            </SectionCard>
            <SectionCard title="Reply">
              <SegmentedControl
                aria-label="Reply kind"
                data={[
                  ...(v.stored?.mediaKey ? [{ value: 'kept', label: 'Media' }] : []),
                  { value: 'text', label: 'Text' },
                  { value: 'buttons', label: 'Buttons' },
                  { value: 'list', label: 'List' },
                  { value: 'template', label: 'Template' },
                ]}
                {...form.getInputProps('kind')}
              />
              {v.kind === 'kept' ? (
                <Text size="sm" data-testid="kept-reply">
                  This rule sends a media upload{v.stored?.caption ? ` (“${v.stored.caption}”)` : ''}; it is
                  kept as it is. Choose another kind to replace it.
                </Text>
              ) : v.kind === 'template' ? (
                <Select
                  label="Template"
                  description="Sent as approved (templates without variables); used outside the 24-hour window"
                  searchable
                  data={(templates.data?.items ?? []).map((t) => ({
                    value: t.id,
                    label: `${t.name} (${t.language})`,
                  }))}
                  {...form.getInputProps('templateId')}
                />
              ) : (
                <Textarea label="Message" required autosize minRows={3} {...form.getInputProps('body')} />
              )}
              {(v.kind === 'buttons' || v.kind === 'list') && <InteractiveFields form={form} />}
            </SectionCard>
            <FormError message={error} />
            <Group>
              <Button type="submit" loading={busy}>
                {id ? 'Save rule' : 'Create rule'}
              </Button>
              <Button variant="default" component={Link} to="/automation">
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </FormBesidePreview>
    </>
  );
}
