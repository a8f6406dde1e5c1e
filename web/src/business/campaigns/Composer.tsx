import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { campaignQuery } from '../../api/queries/campaigns';
import { useSession } from '../../auth/session';
import { FormError } from '../../ui/form-errors';
import { FormBesidePreview, PageHeader } from '../../ui/page';
import { AudienceStep } from './composer/AudienceStep';
import { useChosenTemplate } from './composer/chosen-template';
import { audienceBody, type Campaign, type Retarget, useComposerForm } from './composer/composer-form';
import { MessageStep } from './composer/MessageStep';
import { PriceStep } from './composer/PriceStep';
import { useSaveCampaign } from './composer/save-campaign';
import { WhenStep } from './composer/WhenStep';
import { OUTCOME_LABEL, type Outcome } from './follow-ups';
import { PhonePreview } from './PhonePreview';
import { TemplatePicker, TemplatePreview, VariableMapping } from './TemplateChoice';
import { type AbDraft, NO_AB, VariantsEditor } from './VariantsEditor';

/** New campaign, or a draft being edited (route /campaigns/$id/edit). */
export function Composer() {
  // One screen for two routes: /campaigns/new has no id, /campaigns/$id/edit has the draft's.
  const params = useParams({ strict: false });
  const draft = useQuery({ ...campaignQuery(params.id ?? ''), enabled: !!params.id });
  if (params.id && !draft.data)
    return draft.isError ? <Text role="alert">{errorText(draft.error)}</Text> : <Text>Loading…</Text>;
  return <ComposerForm draft={draft.data ?? null} />;
}

/** The composer's steps one under the other (message, audience, when, variants, price), its preview beside. */
function ComposerForm({ draft }: { draft: Campaign | null }) {
  const session = useSession();
  // A Cloud API business sends only approved templates; a gateway business may still write free text.
  const templateRequired = session.business?.provider === 'whatsapp-cloud';
  const search = useSearch({ strict: false }) as {
    template?: string;
    fromCampaign?: string;
    outcome?: string;
  };
  // A follow-up from a campaign page (/campaigns/new?fromCampaign=…&outcome=…), or a draft that is one.
  const retarget: Retarget | null =
    // A draft whose audience is a segment (made through the API) is not a follow-up.
    (draft?.audience && 'fromCampaign' in draft.audience ? draft.audience : null) ??
    (search.fromCampaign && search.outcome && search.outcome in OUTCOME_LABEL
      ? { fromCampaign: search.fromCampaign, outcome: search.outcome as Outcome }
      : null);
  // A template linked from the Templates page (/campaigns/new?template=…); the edit route has none.
  const form = useComposerForm({ draft, linked: search.template, retarget, templateRequired });
  const v = form.values;
  const [ab, setAb] = useState<AbDraft>(NO_AB);
  const { template, applyTemplate, withdrawn } = useChosenTemplate(form, draft);
  const { save, error, setError, busy } = useSaveCampaign(form, { template, ab, retarget, draft });
  const businessName = session.business?.companyName ?? 'Your business';
  return (
    <>
      <PageHeader title={draft ? 'Edit draft' : 'New campaign'} />
      <FormBesidePreview
        preview={
          template ? (
            <TemplatePreview
              template={template}
              mappings={v.templateParameters}
              businessName={businessName}
            />
          ) : (
            <PhonePreview
              header={v.header}
              message={v.message}
              media={v.uploadFileUrl}
              ctaTitle={v.actionButtonTitle}
              businessName={businessName}
            />
          )
        }
      >
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
                (withdrawn ? 'This template is no longer approved: choose another' : undefined)
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
            {!v.templateId && <MessageStep form={form} onError={setError} />}
            <AudienceStep form={form} retarget={retarget} />
            <WhenStep form={form} />
            {!template && <VariantsEditor value={ab} onChange={setAb} errors={form.errors} />}
            <Switch
              label="Track link clicks (links go out as short tracked links)"
              {...form.getInputProps('trackClicks', { type: 'checkbox' })}
            />
            <PriceStep form={form} audience={audienceBody(v, retarget, draft)} />
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
      </FormBesidePreview>
    </>
  );
}
