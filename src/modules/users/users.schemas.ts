import { z } from 'zod';
import { emailSchema, otpCodeSchema } from '../auth/index.js';

// Only these two fields can change here; anything else in the body (role, email, verified) is dropped by
// the schema before the service sees it.
export const updateProfileBody = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  avatarUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullable()
    .optional(),
});

export const changeEmailBody = z.object({
  newEmail: emailSchema,
  code: otpCodeSchema,
  /** The current password; required for an account that has one. */
  password: z.string().min(1).max(1024).optional(),
});

export const undoEmailBody = z.object({ token: z.string().min(1).max(2048) });
