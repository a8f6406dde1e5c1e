import { type UseFormReturnType, useForm } from '@mantine/form';
import type { Body, Data } from '../../../api/types';
import type { Template } from '../../templates/template-parts';
import type { Outcome } from '../follow-ups';
import { fromParameters } from '../TemplateChoice';
import { browserTimeZone, utcToZoned, zonedToUtc } from '../time-zone';

export type Campaign = Data<'/api/v1/campaigns/{id}', 'get'>;
export type CampaignBody = Body<'/api/v1/campaigns', 'post'>;
export type Audience = 'all' | 'tags' | 'picked' | 'retarget' | 'segment';
/** The campaign a follow-up goes to the recipients of, and which of them. */
export type Retarget = { fromCampaign: string; outcome: Outcome };

/** A template's category is the campaign's message type. */
export const MESSAGE_TYPES: Record<Template['category'], CampaignBody['messageType']> = {
  MARKETING: 'marketing',
  UTILITY: 'utility',
  AUTHENTICATION: 'authentication',
};

/** The composer's form: a draft's values (or a new campaign's), checked as the reader would be told. */
export function useComposerForm(opts: {
  draft: Campaign | null;
  linked: string | undefined;
  retarget: Retarget | null;
  templateRequired: boolean;
}) {
  const { draft, linked, retarget, templateRequired } = opts;
  const draftSegment = draft?.audience && 'segmentId' in draft.audience ? draft.audience.segmentId : null;
  return useForm({
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
        : draftSegment
          ? 'segment'
          : draft?.sendToAllContact
            ? 'all'
            : draft
              ? 'picked'
              : 'all') as Audience,
      segmentId: draftSegment,
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
      segmentId: (v, all) => (all.audience === 'segment' && !v ? 'Choose a segment' : null),
      selectedContactId: (v, all) =>
        all.audience === 'picked' && v.length === 0 ? 'Choose at least one contact' : null,
      scheduledLocal: (v, all) => {
        if (all.when !== 'later') return null;
        if (!v) return 'Choose the date and time';
        return zonedToUtc(v, all.timeZone).getTime() > Date.now() ? null : 'Choose a time in the future';
      },
    },
  });
}

export type ComposerForm = ReturnType<typeof useComposerForm>;
export type ComposerValues = ComposerForm extends UseFormReturnType<infer V> ? V : never;

/** Who the campaign goes to, as the create, update and estimate routes take it. */
export function audienceBody(v: ComposerValues, retarget: Retarget | null, draft: Campaign | null) {
  return {
    sendToAllContact: v.audience === 'all',
    ...(v.audience === 'retarget' && retarget ? { audience: retarget } : {}),
    ...(v.audience !== 'retarget' && v.audience !== 'segment' && draft?.audience ? { audience: null } : {}),
    ...(v.audience === 'segment' && v.segmentId ? { audience: { segmentId: v.segmentId } } : {}),
    ...(v.audience === 'picked' ? { selectedContactId: v.selectedContactId } : {}),
    ...(v.audience === 'tags' ? { tags: v.tags, tagMatch: v.tagMatch } : {}),
  };
}
