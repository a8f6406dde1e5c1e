import { z } from 'zod';

export { idParams as uploadParams } from '../../platform/http/id-params.js';

export const presignBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z
    .string()
    .trim()
    .min(1)
    .max(255)
    // The bare media type: parameters (`; charset=utf-8`) are not part of what is signed.
    .transform((v) => v.split(';')[0]!.trim().toLowerCase()),
  folder: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Letters, digits, "-" and "_" only (1 to 40)')
    .optional(),
  /** The exact size in bytes: the URL accepts no longer body (S3: only exactly this length). */
  size: z.number().int().positive(),
});

export const confirmBody = z.object({
  url: z.string().trim().min(1).max(4096),
  fileName: z.string().trim().min(1).max(255),
  size: z
    .string()
    .regex(/^\d{1,15}$/, 'A number of bytes')
    .optional(),
  type: z.string().trim().max(255).optional(),
});

export const presignedSchema = z.object({
  uploadUrl: z.string(),
  fileUrl: z.string(),
  key: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});

export const uploadFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  key: z.string(),
  fileName: z.string(),
  size: z.string().nullable(),
  type: z.string().nullable(),
  createdAt: z.string(),
});

export type PresignInput = z.output<typeof presignBody>;
export type ConfirmInput = z.output<typeof confirmBody>;
