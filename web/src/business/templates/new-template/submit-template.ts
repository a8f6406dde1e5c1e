import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { templateKeys } from '../../../api/queries/templates';
import { errorPaths } from './error-paths';
import { templateComponents } from './template-components';
import type { TemplateForm } from './template-form';
import { shapeOf } from './template-values';

/**
 * Sends the template (for WhatsApp's review on the Cloud API), then opens the list. Each variable the body
 * uses needs an example first (the provider reviews with them); each problem the service names goes next to
 * its input, and what has no input is said above the button.
 */
export function useSubmitTemplate(form: TemplateForm) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  const placeErrors = (err: unknown): string | null => {
    if (!(err instanceof ApiError)) return errorText(err);
    const v = form.values;
    const s = shapeOf(v);
    const to = errorPaths(v, s, templateComponents(v, s));
    const placed: Record<string, string> = {};
    for (const [path, message] of Object.entries(err.fieldErrors)) {
      const name = to[path];
      if (name && !(name in placed)) placed[name] = message;
    }
    form.setErrors(placed);
    return Object.keys(placed).length ? null : err.message;
  };

  const submit = form.onSubmit(async () => {
    const v = form.values;
    const s = shapeOf(v);
    const missingNames =
      s.authentication || !s.named ? [] : s.bodyNames.filter((n) => !v.namedExamples[n]?.trim());
    if (missingNames.length) {
      form.setErrors(
        Object.fromEntries(missingNames.map((n) => [`namedExamples.${n}`, `Give an example for {{${n}}}`])),
      );
      return;
    }
    const missing =
      s.authentication || s.named ? [] : s.bodyVariables.filter((n) => !v.bodyExamples[n - 1]?.trim());
    if (missing.length) {
      form.setErrors(
        Object.fromEntries(missing.map((n) => [`bodyExamples.${n - 1}`, `Give an example for {{${n}}}`])),
      );
      return;
    }
    setError(null);
    try {
      const created = await unwrap(
        api.POST('/api/v1/templates', {
          body: {
            name: v.name,
            language: v.language,
            category: v.category,
            ...(s.named && !s.authentication ? { parameter_format: 'NAMED' as const } : {}),
            components: templateComponents(v, s),
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      notifications.show({
        color: 'green',
        message:
          created.status === 'PENDING'
            ? `Template ${created.name} sent to WhatsApp for review`
            : `Template ${created.name} saved`,
      });
      await navigate({ to: '/templates' });
    } catch (err) {
      setError(placeErrors(err));
    }
  });
  return { submit, error };
}
