import { z } from 'zod';
import {
  type CloudInteractive,
  INTERACTIVE_LIMITS as L,
} from '../../providers/messaging/cloud-interactive.js';

const chars = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .refine((v) => [...v].length <= max, `At most ${max} characters`);

const common = {
  header: chars(L.header).optional(),
  footer: chars(L.footer).optional(),
};

/**
 * Reply buttons or a list as a member or a rule writes them, held to Meta's limits (a refusal names the field):
 * turned into the Cloud API's `interactive` object by `toCloudInteractive`.
 */
export const interactiveReply = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('buttons'),
        body: chars(L.buttonsBody),
        ...common,
        buttons: z
          .array(z.object({ id: chars(L.buttonId), title: chars(L.buttonTitle) }).strict())
          .min(L.buttonsMin, `At least ${L.buttonsMin} button`)
          .max(L.buttonsMax, `At most ${L.buttonsMax} buttons`),
      })
      .strict(),
    z
      .object({
        type: z.literal('list'),
        body: chars(L.listBody),
        ...common,
        button: chars(L.listButton).describe('the label of the button that opens the list'),
        sections: z
          .array(
            z
              .object({
                title: chars(L.sectionTitle).optional(),
                rows: z
                  .array(
                    z
                      .object({
                        id: chars(L.rowId),
                        title: chars(L.rowTitle),
                        description: chars(L.rowDescription).optional(),
                      })
                      .strict(),
                  )
                  .min(L.rowsMin, 'At least one row'),
              })
              .strict(),
          )
          .min(1, 'At least one section')
          .max(L.sectionsMax, `At most ${L.sectionsMax} sections`),
      })
      .strict(),
  ])
  .superRefine((v, ctx) => {
    if (v.type === 'buttons') {
      const ids = new Set<string>();
      const titles = new Set<string>();
      v.buttons.forEach((b, n) => {
        if (ids.has(b.id))
          ctx.addIssue({ code: 'custom', path: ['buttons', n, 'id'], message: 'Button ids must be unique' });
        if (titles.has(b.title))
          ctx.addIssue({
            code: 'custom',
            path: ['buttons', n, 'title'],
            message: 'Button titles must be unique',
          });
        ids.add(b.id);
        titles.add(b.title);
      });
      return;
    }
    const ids = new Set<string>();
    let total = 0;
    v.sections.forEach((section, n) => {
      if (v.sections.length > 1 && !section.title)
        ctx.addIssue({
          code: 'custom',
          path: ['sections', n, 'title'],
          message: 'Required when the list has more than one section',
        });
      section.rows.forEach((row, r) => {
        total++;
        if (ids.has(row.id))
          ctx.addIssue({
            code: 'custom',
            path: ['sections', n, 'rows', r, 'id'],
            message: 'Row ids must be unique',
          });
        ids.add(row.id);
      });
    });
    if (total > L.rowsMax)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: `At most ${L.rowsMax} rows in all` });
  });
export type InteractiveReply = z.output<typeof interactiveReply>;

/** The Cloud API's `interactive` object of a reply. */
export function toCloudInteractive(r: InteractiveReply): CloudInteractive {
  const frame = {
    ...(r.header ? { header: { type: 'text' as const, text: r.header } } : {}),
    body: { text: r.body },
    ...(r.footer ? { footer: { text: r.footer } } : {}),
  };
  if (r.type === 'buttons')
    return {
      type: 'button',
      ...frame,
      action: { buttons: r.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
    };
  return {
    type: 'list',
    ...frame,
    action: {
      button: r.button,
      sections: r.sections.map((s) => ({
        ...(s.title ? { title: s.title } : {}),
        rows: s.rows.map((row) => ({
          id: row.id,
          title: row.title,
          ...(row.description ? { description: row.description } : {}),
        })),
      })),
    },
  };
}
