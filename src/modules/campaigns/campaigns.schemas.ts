import { z } from 'zod';
import { pageQuery, pageSchema } from '../../platform/http/pagination.js';

export const MESSAGE_TYPES = ['marketing', 'utility', 'authentication'] as const;
export const PAYMENT_METHODS = ['credit', 'plan'] as const;
export const MESSAGE_STATUSES = ['held', 'queued', 'sending', 'sent', 'failed'] as const;

const httpUrl = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).max(2048);

const timeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'Must be an IANA time zone name, e.g. Africa/Lagos' });

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The editable fields of a campaign, as a create body declares them; PATCH takes each as optional. */
const campaignFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullish(),
  messageType: z.enum(MESSAGE_TYPES),
  sendToAllContact: z.boolean(),
  selectedContactId: z.array(z.uuid({ message: 'Each contact id must be a UUID' })).max(100_000),
  // The channel's limits: 4096 characters of text, a 60-character header, a 20-character button title.
  message: z.string().trim().min(1).max(4096),
  uploadFileUrl: httpUrl.nullish(),
  header: z.string().trim().max(60).nullish(),
  actionButtonTitle: z.string().trim().min(1).max(20).nullish(),
  actionButtonUrl: httpUrl.nullish(),
  isScheduled: z.boolean(),
  scheduledAt: z.iso
    .datetime({ offset: true, message: 'Must be an ISO 8601 date-time in UTC, e.g. 2030-01-31T09:00:00Z' })
    .nullish(),
  timeZone: timeZone.nullish(),
};

export const createCampaignBody = z.object({
  ...campaignFields,
  messageType: campaignFields.messageType.default('marketing'),
  selectedContactId: campaignFields.selectedContactId.default([]),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
});
export type CreateCampaignInput = z.output<typeof createCampaignBody>;

export const updateCampaignBody = z.object({
  name: campaignFields.name.optional(),
  description: campaignFields.description,
  messageType: campaignFields.messageType.optional(),
  sendToAllContact: campaignFields.sendToAllContact.optional(),
  selectedContactId: campaignFields.selectedContactId.optional(),
  message: campaignFields.message.optional(),
  uploadFileUrl: campaignFields.uploadFileUrl,
  header: campaignFields.header,
  actionButtonTitle: campaignFields.actionButtonTitle,
  actionButtonUrl: campaignFields.actionButtonUrl,
  isScheduled: campaignFields.isScheduled.optional(),
  scheduledAt: campaignFields.scheduledAt,
  timeZone: campaignFields.timeZone,
});
export type UpdateCampaignInput = z.output<typeof updateCampaignBody>;

export const publishCampaignBody = z.object({ paymentMethod: z.enum(PAYMENT_METHODS) });

// No length cap of its own: a malformed id is a 404 like any unknown one (the router answers 414 past 100).
export { lookupIdParams as campaignParams } from '../../platform/http/id-params.js';

export const listCampaignsQuery = pageQuery.extend({ search: z.string().trim().max(200).optional() });
export type ListCampaignsQuery = z.output<typeof listCampaignsQuery>;

export const listMessagesQuery = pageQuery.extend({ status: z.enum(MESSAGE_STATUSES).optional() });
export type ListMessagesQuery = z.output<typeof listMessagesQuery>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  messageType: z.enum(MESSAGE_TYPES),
  sendToAllContact: z.boolean(),
  selectedContactId: z.array(z.string()),
  message: z.string(),
  uploadFileUrl: z.string().nullable(),
  header: z.string().nullable(),
  actionButtonTitle: z.string().nullable(),
  actionButtonUrl: z.string().nullable(),
  isScheduled: z.boolean(),
  scheduledAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  isPublished: z.boolean(),
  isSentOut: z.boolean(),
  status: z.enum(['draft', 'scheduled', 'pending', 'sent']),
  publishedAt: z.string().nullable(),
  sentOutAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  recipientCount: z.number().int(),
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  cost: z.number().nullable(),
  rate: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const deliverySchema = z.object({
  total: z.number().int(),
  held: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});

export const campaignDetailSchema = campaignSchema.extend({ delivery: deliverySchema });

export const campaignStatsSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  pending: z.number().int(),
  scheduled: z.number().int(),
  draft: z.number().int(),
});

export const campaignMessageSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  phoneNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  providerMessageId: z.string().nullable(),
  failureReason: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const campaignPageSchema = pageSchema(campaignSchema);
export const campaignMessagePageSchema = pageSchema(campaignMessageSchema);
export const qrCodeSchema = z.object({ link: z.string(), imageBase64: z.string() });
