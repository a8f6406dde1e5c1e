import { z } from 'zod';
import { pageQuery, pageSchema } from '../../../platform/http/pagination.js';
import { segmentFilter } from './segment-filter.js';

const name = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(100)
  .refine((v) => !v.includes('\u0000'), 'No NUL');

export const createSegmentBody = z.object({ name, filter: segmentFilter });
export type CreateSegmentInput = z.output<typeof createSegmentBody>;

export const updateSegmentBody = z.object({ name: name.optional(), filter: segmentFilter.optional() });
export type UpdateSegmentInput = z.output<typeof updateSegmentBody>;

export const previewSegmentBody = z.object({ filter: segmentFilter });

export const listSegmentsQuery = pageQuery;
export type ListSegmentsQuery = z.output<typeof listSegmentsQuery>;

export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: segmentFilter,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const segmentPageSchema = pageSchema(segmentSchema);

export const segmentCountSchema = z.object({
  contacts: z.number().int().describe('Contacts the filter matches now'),
  optedIn: z.number().int().describe('Of those, the opted-in ones: who a campaign to it would reach now'),
});
