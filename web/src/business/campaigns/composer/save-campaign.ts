import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { campaignKeys } from '../../../api/queries/campaigns';
import { sessionQuery } from '../../../auth/session';
import { applyApiError } from '../../../ui/form-errors';
import type { Template } from '../../templates/template-parts';
import { mappingErrors, templateShape, toParameters } from '../TemplateChoice';
import { zonedToUtc } from '../time-zone';
import { type AbDraft, abFields } from '../VariantsEditor';
import {
  audienceBody,
  type Campaign,
  type CampaignBody,
  type ComposerForm,
  type Retarget,
} from './composer-form';

/** The campaign as the create and update routes take it. */
function campaignBody(
  form: ComposerForm,
  ctx: { template: Template | undefined; ab: AbDraft; retarget: Retarget | null; draft: Campaign | null },
): CampaignBody {
  const v = form.values;
  const { template } = ctx;
  return {
    name: v.name.trim(),
    messageType: v.messageType,
    message: template ? templateShape(template).parts.body : v.message,
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
    ...audienceBody(v, ctx.retarget, ctx.draft),
    ...(template ? {} : abFields(ctx.ab, v.message)),
  };
}

/**
 * Saves the draft (created or updated) and, to publish, sends or schedules it; then opens its page. Problems
 * go next to their inputs, the rest in `error`.
 */
export function useSaveCampaign(
  form: ComposerForm,
  ctx: { template: Template | undefined; ab: AbDraft; retarget: Retarget | null; draft: Campaign | null },
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  const v = form.values;
  const save = async (publish: boolean) => {
    const checked = form.validate();
    const unmapped = v.templateId ? mappingErrors(ctx.template, v.templateParameters) : {};
    if (Object.keys(unmapped).length) form.setErrors({ ...checked.errors, ...unmapped });
    if (checked.hasErrors || Object.keys(unmapped).length) return;
    setError(null);
    setBusy(publish ? 'publish' : 'draft');
    try {
      let id = ctx.draft?.id;
      const body = campaignBody(form, ctx);
      const payment = { paymentMethod: v.paymentMethod };
      if (id) {
        await unwrap(api.PATCH('/api/v1/campaigns/{id}', { params: { path: { id } }, body }));
        if (publish)
          await unwrap(
            api.POST('/api/v1/campaigns/{id}/publish', { params: { path: { id } }, body: payment }),
          );
      } else {
        const created = await unwrap(
          api.POST('/api/v1/campaigns', { body: { ...body, ...(publish ? payment : {}) } }),
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
  return { save, error, setError, busy };
}
