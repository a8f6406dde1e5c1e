import { z } from 'zod';
import { NOTIFICATION_SETTING_KEYS } from './notification-settings.js';

export { idParams as notificationParams } from '../../platform/http/id-params.js';

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  receiverId: z.string(),
  receiverType: z.enum(['business', 'admin']),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

const known = NOTIFICATION_SETTING_KEYS as readonly string[];
const flag = z.enum(['true', 'false'], { message: 'Must be the string "true" or "false"' });

/**
 * A flat map of known keys to the strings `true`/`false`. The known keys are declared (they document the
 * API); any other key is refused by name, so each one appears in `errorMessage.fields`.
 */
export const updateSettingsBody = z
  .object(
    Object.fromEntries(known.map((k) => [k, flag.optional()])) as Record<string, z.ZodOptional<typeof flag>>,
  )
  .catchall(z.unknown())
  .superRefine((body, ctx) => {
    const keys = Object.keys(body);
    if (!keys.length) ctx.addIssue({ code: 'custom', path: [], message: 'Give at least one setting' });
    for (const key of keys) {
      if (!known.includes(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Unknown setting (known: ${known.join(', ')})`,
        });
    }
  });

export const settingsSchema = z.record(z.string(), z.enum(['true', 'false']));
