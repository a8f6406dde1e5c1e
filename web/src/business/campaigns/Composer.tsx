import {
  Alert,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Menu,
  MultiSelect,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { campaignEstimateQuery, campaignKeys, campaignQuery } from '../../api/queries/campaigns';
import { contactsQuery, tagsQuery } from '../../api/queries/contacts';
import { approvedTemplatesQuery } from '../../api/queries/templates';
import type { Body, Data } from '../../api/types';
import { sessionQuery, useSession } from '../../auth/session';
import { applyApiError, FormError } from '../../ui/form-errors';
import { formatNumber } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { uploadFile } from '../../ui/upload';
import type { Template } from '../templates/template-parts';
import { OUTCOME_LABEL, type Outcome } from './follow-ups';
import { LimitEstimate } from './LimitEstimate';
import { PhonePreview } from './PhonePreview';
import {
  fitMappings,
  fromParameters,
  mappingErrors,
  TemplatePicker,
  TemplatePreview,
  templateShape,
  toParameters,
  VariableMapping,
} from './TemplateChoice';
import { browserTimeZone, timeZones, utcToZoned, zonedToUtc } from './time-zone';
import { type AbDraft, abFields, NO_AB, VariantsEditor } from './VariantsEditor';

type Audience = 'all' | 'tags' | 'picked' | 'retarget';

/** New campaign, or a draft being edited (route /campaigns/$id/edit). */
export function Composer() {
  // One screen for two routes: /campaigns/new has no id, /campaigns/$id/edit has the draft's.
  const params = useParams({ strict: false });
  const draft = useQuery({ ...campaignQuery(params.id ?? ''), enabled: !!params.id });
  if (params.id && !draft.data)
    return draft.isError ? <Text role="alert">{errorText(draft.error)}</Text> : <Text>Loading…</Text>;
  return <ComposerForm draft={draft.data ?? null} />;
}

export type Campaign = Data<'/api/v1/campaigns/{id}', 'get'>;
type CampaignBody = Body<'/api/v1/campaigns', 'post'>;
type EstimateBody = Body<'/api/v1/campaigns/estimate', 'post'>;

/** A template's category is the campaign's message type. */
const MESSAGE_TYPES: Record<Template['category'], CampaignBody['messageType']> = {
  MARKETING: 'marketing',
  UTILITY: 'utility',
  AUTHENTICATION: 'authentication',
};

function ComposerForm({ draft }: { draft: Campaign | null }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  const narrow = useMediaQuery('(max-width: 30em)');
  const [uploading, setUploading] = useState(false);
  const tags = useQuery(tagsQuery).data;
  // A Cloud API business sends only approved templates; a gateway business may still write free text.
  const templateRequired = session.business?.provider === 'whatsapp-cloud';
  // A template linked from the Templates page (/campaigns/new?template=…); the edit route has none.
  const linked = useSearch({ strict: false }).template;
  // A follow-up from a campaign page (/campaigns/new?fromCampaign=…&outcome=…), or a draft that is one.
  const search = useSearch({ strict: false }) as { fromCampaign?: string; outcome?: string };
  const retarget =
    draft?.audience ??
    (search.fromCampaign && search.outcome && search.outcome in OUTCOME_LABEL
      ? { fromCampaign: search.fromCampaign, outcome: search.outcome as Outcome }
      : null);
  const fromCampaign = useQuery({ ...campaignQuery(retarget?.fromCampaign ?? ''), enabled: !!retarget });
  const [ab, setAb] = useState<AbDraft>(NO_AB);
  const form = useForm({
    initialValues: {
      name: draft?.name ?? '',
      templateId: draft ? (draft.templateId ?? null) : (linked ?? null),
      templateParameters: fromParameters(draft?.templateParameters),
      messageType: draft?.messageType ?? 'marketing',
      message: draft?.message ?? '',
      header: draft?.header ?? '',
      actionButtonTitle: draft?.actionButtonTitle ?? '',
      actionButtonUrl: draft?.actionButtonUrl ?? '',
      uploadFileUrl: (draft?.uploadFileUrl ?? null) as string | null,
      audience: (retarget
        ? 'retarget'
        : draft
          ? draft.sendToAllContact
            ? 'all'
            : 'picked'
          : 'all') as Audience,
      trackClicks: draft?.trackClicks ?? true,
      tags: [] as string[],
      tagMatch: 'any' as 'any' | 'all',
      selectedContactId: (draft?.selectedContactId ?? []) as string[],
      paymentMethod: 'credit' as 'credit' | 'plan',
      when: (draft?.isScheduled ? 'later' : 'now') as 'now' | 'later',
      timeZone: draft?.timeZone ?? browserTimeZone(),
      scheduledLocal: draft?.scheduledAt
        ? utcToZoned(draft.scheduledAt, draft.timeZone ?? browserTimeZone())
        : '',
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Give the campaign a name'),
      templateId: (v) => (templateRequired && !v ? 'Choose an approved template' : null),
      message: (v, all) => (all.templateId || v.trim() ? null : 'Write the message'),
      actionButtonUrl: (v, all) =>
        all.actionButtonTitle && !/^https?:\/\/\S+$/.test(v)
          ? 'Enter the link the button opens (https://…)'
          : null,
      tags: (v, all) => (all.audience === 'tags' && v.length === 0 ? 'Choose at least one tag' : null),
      selectedContactId: (v, all) =>
        all.audience === 'picked' && v.length === 0 ? 'Choose at least one contact' : null,
      scheduledLocal: (v, all) => {
        if (all.when !== 'later') return null;
        if (!v) return 'Choose the date and time';
        return zonedToUtc(v, all.timeZone).getTime() > Date.now() ? null : 'Choose a time in the future';
      },
    },
  });
  const v = form.values;
  const approved = useQuery(approvedTemplatesQuery);
  const template = approved.data?.items.find((t) => t.id === v.templateId);
  const shape = templateShape(template);
  // The body of the chosen template is the campaign's message; its category is the message type.
  const applyTemplate = (t: typeof template | null) => {
    form.setValues({
      templateId: t?.id ?? null,
      templateParameters: fitMappings(t ?? undefined, v.templateParameters),
      ...(t
        ? {
            message: templateShape(t).parts.body,
            messageType: MESSAGE_TYPES[t.category],
            header: '',
            actionButtonTitle: '',
            actionButtonUrl: '',
          }
        : {}),
    });
    form.clearFieldError('templateId');
  };
  // A template linked from the Templates page (or a draft's) fills the form once the list has loaded.
  const linkedTemplate = approved.data?.items.find((t) => t.id === form.values.templateId);
  const filledFrom = useRef<string | null>(draft?.templateId ?? null);
  useEffect(() => {
    if (linkedTemplate && filledFrom.current !== linkedTemplate.id) {
      filledFrom.current = linkedTemplate.id;
      applyTemplate(linkedTemplate);
    }
  });

  const [contactSearch, setContactSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(contactSearch, 250);
  const contactOptions = useQuery({
    ...contactsQuery({ page: 1, pageSize: 20, search: debouncedSearch || undefined, optIn: 'true' }),
    enabled: v.audience === 'picked',
  });
  const [pickedLabels, setPickedLabels] = useState<Record<string, string>>({});
  const pickData = useMemo(() => {
    const found = (contactOptions.data?.items ?? []).map((c) => ({
      value: c.id,
      label: `${c.firstName} ${c.lastName} (${c.phoneNumber})`,
    }));
    const known = new Set(found.map((f) => f.value));
    return [
      ...found,
      ...v.selectedContactId
        .filter((id) => !known.has(id))
        .map((id) => ({ value: id, label: pickedLabels[id] ?? id })),
    ];
  }, [contactOptions.data, v.selectedContactId, pickedLabels]);

  const audienceBody = () => ({
    sendToAllContact: v.audience === 'all',
    ...(v.audience === 'retarget' && retarget ? { audience: retarget } : {}),
    ...(v.audience !== 'retarget' && draft?.audience ? { audience: null } : {}),
    ...(v.audience === 'picked' ? { selectedContactId: v.selectedContactId } : {}),
    ...(v.audience === 'tags' ? { tags: v.tags, tagMatch: v.tagMatch } : {}),
  });

  // Asked again once the audience has stopped changing for a moment (typing, ticking contacts): the body is
  // debounced as its JSON text, which stays equal from one render to the next.
  const [estimateJson] = useDebouncedValue(
    JSON.stringify({ ...audienceBody(), messageType: v.messageType }),
    300,
  );
  const estimateBody: EstimateBody = JSON.parse(estimateJson);
  const estimate = useQuery({
    ...campaignEstimateQuery(estimateBody),
    retry: false,
    // Rates change (the platform's settings): back on the tab, the price is asked again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

  const insert = (token: string) => {
    const el = messageRef.current;
    const at = el?.selectionStart ?? v.message.length;
    const end = el?.selectionEnd ?? at;
    form.setFieldValue('message', v.message.slice(0, at) + token + v.message.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const pickMedia = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      form.setFieldValue('uploadFileUrl', await uploadFile(file, 'campaigns'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setUploading(false);
    }
  };

  const fields = (): CampaignBody => ({
    name: v.name.trim(),
    messageType: v.messageType,
    message: template ? shape.parts.body : v.message,
    templateId: v.templateId,
    templateParameters: v.templateId ? toParameters(template, v.templateParameters) : null,
    header: v.header || null,
    actionButtonTitle: v.actionButtonTitle || null,
    actionButtonUrl: v.actionButtonTitle ? v.actionButtonUrl : null,
    uploadFileUrl: v.uploadFileUrl,
    isScheduled: v.when === 'later',
    scheduledAt: v.when === 'later' ? zonedToUtc(v.scheduledLocal, v.timeZone).toISOString() : null,
    timeZone: v.when === 'later' ? v.timeZone : null,
    trackClicks: v.trackClicks,
    ...audienceBody(),
    ...(template ? {} : abFields(ab, v.message)),
  });

  const save = async (publish: boolean) => {
    const checked = form.validate();
    const unmapped = v.templateId ? mappingErrors(template, v.templateParameters) : {};
    if (Object.keys(unmapped).length) form.setErrors({ ...checked.errors, ...unmapped });
    if (checked.hasErrors || Object.keys(unmapped).length) return;
    setError(null);
    setBusy(publish ? 'publish' : 'draft');
    try {
      let id = draft?.id;
      const body = fields();
      if (id) {
        await unwrap(api.PATCH('/api/v1/campaigns/{id}', { params: { path: { id } }, body }));
        if (publish)
          await unwrap(
            api.POST('/api/v1/campaigns/{id}/publish', {
              params: { path: { id } },
              body: { paymentMethod: v.paymentMethod },
            }),
          );
      } else {
        const created = await unwrap(
          api.POST('/api/v1/campaigns', {
            body: { ...body, ...(publish ? { paymentMethod: v.paymentMethod } : {}) },
          }),
        );
        id = created.id;
      }
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      notifications.show({
        color: 'green',
        message: publish
          ? v.when === 'later'
            ? 'Campaign scheduled'
            : 'Campaign is sending'
          : 'Draft saved',
      });
      await navigate({ to: '/campaigns/$id', params: { id } });
    } catch (err) {
      setError(applyApiError(form, err));
      // A template problem the service tied to one input (the header's media link) goes next to it.
      const media = err instanceof ApiError && err.fieldErrors['templateParameters.headerMediaUrl'];
      if (media) form.setFieldError('templateParameters.headerMediaUrl', media);
    } finally {
      setBusy(null);
    }
  };

  useEffect(() => {
    if (v.audience !== 'picked') return;
    const labels: Record<string, string> = {};
    for (const c of contactOptions.data?.items ?? [])
      labels[c.id] = `${c.firstName} ${c.lastName} (${c.phoneNumber})`;
    setPickedLabels((p) => ({ ...p, ...labels }));
  }, [contactOptions.data, v.audience]);

  const e = estimate.data;
  const zones = useMemo(() => timeZones(), []);
  return (
    <>
      <PageHeader title={draft ? 'Edit draft' : 'New campaign'} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form
            noValidate
            onSubmit={(ev) => {
              ev.preventDefault();
              void save(true);
            }}
          >
            <Stack>
              <TextInput label="Campaign name" required {...form.getInputProps('name')} />
              <TemplatePicker
                templateId={v.templateId}
                required={templateRequired}
                error={
                  (form.errors.templateId as string | undefined) ??
                  (v.templateId && approved.isSuccess && !template
                    ? 'This template is no longer approved: choose another'
                    : undefined)
                }
                onChange={applyTemplate}
              />
              {template && (
                <VariableMapping
                  template={template}
                  mappings={v.templateParameters}
                  errors={form.errors}
                  onChange={(path, value) => {
                    form.setFieldValue(path, value);
                    form.clearFieldError(path);
                  }}
                />
              )}
              {!v.templateId && (
                <>
                  <Select
                    label="Message type"
                    data={[
                      { value: 'marketing', label: 'Marketing' },
                      { value: 'utility', label: 'Utility' },
                      { value: 'authentication', label: 'Authentication' },
                    ]}
                    allowDeselect={false}
                    {...form.getInputProps('messageType')}
                  />
                  <TextInput label="Header (optional)" {...form.getInputProps('header')} />
                  <Stack gap={4}>
                    <Group justify="space-between" align="flex-end">
                      <Text size="sm" fw={500} component="label" htmlFor="campaign-message">
                        Message{' '}
                        <span aria-hidden="true" style={{ color: 'var(--mantine-color-red-9)' }}>
                          *
                        </span>
                      </Text>
                      <Menu>
                        <Menu.Target>
                          <Button size="compact-sm" variant="light">
                            Insert a name
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => insert('{{firstName}}')}>First name</Menu.Item>
                          <Menu.Item onClick={() => insert('{{lastName}}')}>Last name</Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                    <Textarea
                      id="campaign-message"
                      ref={messageRef}
                      autosize
                      minRows={4}
                      required
                      {...form.getInputProps('message')}
                    />
                    <Text size="xs" c="dimmed">
                      {v.message.length} characters. {'{{firstName}}'} and {'{{lastName}}'} are replaced for
                      each recipient.
                    </Text>
                  </Stack>
                </>
              )}
              {!v.templateId && (
                <Group>
                  <FileButton
                    onChange={pickMedia}
                    accept="image/png,image/jpeg,image/webp,video/mp4,application/pdf"
                  >
                    {(props) => (
                      <Button variant="default" loading={uploading} {...props}>
                        {v.uploadFileUrl ? 'Replace media' : 'Add an image, video or PDF'}
                      </Button>
                    )}
                  </FileButton>
                  {v.uploadFileUrl && (
                    <Button
                      variant="subtle"
                      color="red.9"
                      onClick={() => form.setFieldValue('uploadFileUrl', null)}
                    >
                      Remove media
                    </Button>
                  )}
                </Group>
              )}
              {!v.templateId && (
                <Group grow align="flex-start">
                  <TextInput label="Button text (optional)" {...form.getInputProps('actionButtonTitle')} />
                  <TextInput
                    label="Button link"
                    disabled={!v.actionButtonTitle}
                    {...form.getInputProps('actionButtonUrl')}
                  />
                </Group>
              )}

              <Card withBorder>
                <Stack>
                  <Title order={2} size="h4">
                    Audience
                  </Title>
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
                    ]}
                  />
                  {v.audience === 'retarget' && retarget && (
                    <Text size="sm" data-testid="retarget-audience">
                      The recipients of “{fromCampaign.data?.name ?? 'the campaign'}”{' '}
                      {OUTCOME_LABEL[retarget.outcome]}.
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
                      searchValue={contactSearch}
                      onSearchChange={setContactSearch}
                      filter={({ options }) => options}
                      data={pickData}
                      {...form.getInputProps('selectedContactId')}
                    />
                  )}
                  <Text size="xs">Only contacts who opted in receive campaigns.</Text>
                </Stack>
              </Card>

              <Card withBorder>
                <Stack>
                  <Title order={2} size="h4">
                    When
                  </Title>
                  <Radio.Group {...form.getInputProps('when')} aria-label="When to send">
                    <Group>
                      <Radio value="now" label="Send now" />
                      <Radio value="later" label="Schedule" />
                    </Group>
                  </Radio.Group>
                  {v.when === 'later' && (
                    <Group grow align="flex-start">
                      <TextInput
                        type="datetime-local"
                        label="Date and time"
                        {...form.getInputProps('scheduledLocal')}
                      />
                      <Select
                        label="Time zone"
                        searchable
                        data={zones}
                        allowDeselect={false}
                        {...form.getInputProps('timeZone')}
                      />
                    </Group>
                  )}
                </Stack>
              </Card>

              {!template && <VariantsEditor value={ab} onChange={setAb} errors={form.errors} />}
              <Switch
                label="Track link clicks (links go out as short tracked links)"
                {...form.getInputProps('trackClicks', { type: 'checkbox' })}
              />

              <Card withBorder>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    Price
                  </Title>
                  {e ? (
                    <Text role="status" data-testid="estimate">
                      {formatNumber(e.recipients)} recipients · {formatNumber(e.credits, 2)} credits · your
                      balance {formatNumber(e.balance, 2)} credits
                    </Text>
                  ) : estimate.isError ? (
                    <Text role="alert">{errorText(estimate.error)}</Text>
                  ) : (
                    <Text size="sm">The price is computed when you publish.</Text>
                  )}
                  <LimitEstimate estimate={e} />
                  {e && !e.enough && v.paymentMethod === 'credit' && (
                    <Alert color="orange" title="Not enough credits">
                      Buy credits in the wallet, or save a draft and come back.
                    </Alert>
                  )}
                  <Radio.Group label="Pay with" {...form.getInputProps('paymentMethod')}>
                    <Group mt={4}>
                      <Radio value="credit" label="Credits" />
                      <Radio value="plan" label="My plan" disabled={!session.business?.userPlan} />
                    </Group>
                  </Radio.Group>
                </Stack>
              </Card>

              <FormError message={error} />
              <Group>
                <Button type="submit" loading={busy === 'publish'} disabled={!!busy}>
                  {v.when === 'later' ? 'Schedule campaign' : 'Send now'}
                </Button>
                <Button
                  variant="default"
                  loading={busy === 'draft'}
                  disabled={!!busy}
                  onClick={() => void save(false)}
                >
                  Save draft
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 72 }}>
            {template ? (
              <TemplatePreview
                template={template}
                mappings={v.templateParameters}
                businessName={session.business?.companyName ?? 'Your business'}
              />
            ) : (
              <PhonePreview
                header={v.header}
                message={v.message}
                media={v.uploadFileUrl}
                ctaTitle={v.actionButtonTitle}
                businessName={session.business?.companyName ?? 'Your business'}
              />
            )}
          </div>
        </Grid.Col>
      </Grid>
    </>
  );
}
