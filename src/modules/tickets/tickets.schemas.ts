import { z } from 'zod';
import { ticketIssueTypeEnum, ticketPriorityEnum, ticketStatusEnum } from '../../platform/db/schema/enums.js';
import { pageQuery } from '../../platform/http/pagination.js';

export const issueTypes = ticketIssueTypeEnum.enumValues;
export const ticketStatuses = ticketStatusEnum.enumValues;
export const ticketPriorities = ticketPriorityEnum.enumValues;

const text = (max: number) => z.string().trim().min(1, 'Must not be empty').max(max);
const fileUrl = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).max(2048);

export { idParams as ticketParams } from '../../platform/http/id-params.js';

export const createTicketBody = z.object({
  issueType: z.enum(issueTypes),
  question: text(5000),
  uploadFileUrl: z.array(fileUrl).max(10).default([]),
});

export const commentBody = z.object({ content: text(5000) });

export const adminListQuery = pageQuery.extend({
  status: z.enum(ticketStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});

export const statusBody = z.object({
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities).optional(),
});

export const commentSchema = z.object({
  id: z.string(),
  content: z.string(),
  authorType: z.enum(['business', 'admin']),
  createdAt: z.string(),
});

export const ticketSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  issueType: z.enum(issueTypes),
  question: z.string(),
  uploadFileUrl: z.array(z.string()),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  createdAt: z.string(),
  updatedAt: z.string(),
  comments: z.array(commentSchema),
});

export const adminTicketSchema = ticketSchema.extend({
  business: z.object({ id: z.string(), companyName: z.string().nullable(), email: z.string() }),
});

export type CreateTicketInput = z.output<typeof createTicketBody>;
export type AdminListQuery = z.output<typeof adminListQuery>;
export type StatusInput = z.output<typeof statusBody>;
