import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { approvedTemplatesQuery } from '../../../api/queries/templates';
import type { Template } from '../../templates/template-parts';
import { fitMappings, templateShape } from '../TemplateChoice';
import { type Campaign, type ComposerForm, MESSAGE_TYPES } from './composer-form';

/**
 * The approved template the campaign sends, if any. Choosing one makes its body the message and its
 * category the message type; a template linked from the Templates page (or a draft's) fills the form once
 * the list has loaded.
 */
export function useChosenTemplate(form: ComposerForm, draft: Campaign | null) {
  const v = form.values;
  const approved = useQuery(approvedTemplatesQuery);
  const template = approved.data?.items.find((t) => t.id === v.templateId);
  const applyTemplate = (t: Template | null | undefined) => {
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
  const filledFrom = useRef<string | null>(draft?.templateId ?? null);
  useEffect(() => {
    if (template && filledFrom.current !== template.id) {
      filledFrom.current = template.id;
      applyTemplate(template);
    }
  });
  // Chosen, but gone from the approved list (paused or deleted since the draft was saved).
  const withdrawn = !!v.templateId && approved.isSuccess && !template;
  return { template, applyTemplate, withdrawn };
}
