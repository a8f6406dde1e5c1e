import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/http/errors.js';
import { findTemplateOfBusiness, parameterProblems, type TemplateParameters } from '../templates/index.js';

type Component = Record<string, unknown> & { type: string };

/**
 * The template a reply names, checked as a campaign's is at publish: the business's, `APPROVED`, every
 * variable mapped. Returns its body text (what the thread shows) and its category (what it is billed as
 * outside the window).
 */
export async function replyTemplate(
  db: Db,
  businessId: string,
  templateId: string,
  params: TemplateParameters | undefined,
): Promise<{ text: string; category: 'marketing' | 'utility' | 'authentication' }> {
  const template = await findTemplateOfBusiness(db, businessId, templateId);
  if (!template) throw ValidationError.field('templateId', 'Template not found');
  if (template.status !== 'APPROVED')
    throw ValidationError.field(
      'templateId',
      `The template ${template.name} is ${template.status}: only an APPROVED template can be sent`,
    );
  const components = template.components as Component[];
  const problems = parameterProblems({ ...template, components }, params ?? null);
  if (problems.length) throw new ValidationError(problems[0]!.message, problems);
  const body = components.find((c) => c.type === 'BODY');
  return {
    text: typeof body?.text === 'string' ? body.text : template.name,
    category: template.category.toLowerCase() as 'marketing' | 'utility' | 'authentication',
  };
}
