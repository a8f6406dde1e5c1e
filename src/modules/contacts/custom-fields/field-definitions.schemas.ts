import { z } from 'zod';
import { CHOICES_MAX, FIELD_KEY, FIELD_TYPES, FIELDS_MAX } from './field-types.js';

const noNul = (v: string) => !v.includes('\u0000');
const label = z.string().trim().min(1, 'Required').max(60).refine(noNul, 'Must not contain NUL');
const choices = z
  .array(z.string().trim().min(1, 'Required').max(100).refine(noNul, 'Must not contain NUL'))
  .min(1, 'A choice field needs at least one choice')
  .max(CHOICES_MAX)
  .refine(
    (c) => new Set(c.map((x) => x.toLowerCase())).size === c.length,
    'Choices must differ (case aside)',
  );

export const createFieldBody = z
  .object({
    key: z
      .string()
      .trim()
      .regex(FIELD_KEY, 'Lower-case letters, digits and _ , starting with a letter, at most 40')
      .describe('The name values are written under, in the API, files and template parameters'),
    label,
    type: z.enum(FIELD_TYPES),
    choices: choices.optional().describe('Required for `choice`, refused for the other types'),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'choice' && !v.choices)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'A choice field needs its choices' });
    if (v.type !== 'choice' && v.choices)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Only a choice field has choices' });
  });
export type CreateFieldInput = z.output<typeof createFieldBody>;

/** The key and the type never change: stored values and saved segments are read by them. */
export const updateFieldBody = z.object({ label: label.optional(), choices: choices.optional() });
export type UpdateFieldInput = z.output<typeof updateFieldBody>;

export const fieldSchema = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  choices: z.array(z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const fieldListSchema = z.object({
  items: z.array(fieldSchema),
  max: z.number().int().describe(`How many fields a business may have (${FIELDS_MAX})`),
});
