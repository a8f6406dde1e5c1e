import { useForm } from '@mantine/form';
import { TEMPLATE_RULES } from './template-rules';
import { INITIAL_TEMPLATE } from './template-values';

/** The new template's form: empty, checked by WhatsApp's rules. */
export function useTemplateForm() {
  return useForm({ initialValues: INITIAL_TEMPLATE, validate: TEMPLATE_RULES });
}
export type TemplateForm = ReturnType<typeof useTemplateForm>;
