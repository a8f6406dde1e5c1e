import { z } from 'zod';
import { pageQuery, pageSchema, queryBoolean } from '../../platform/http/pagination.js';
import { CAMPAIGN_STATUSES } from '../../platform/realtime-events.js';
import { CAMPAIGN_STATES } from '../../vocabulary/campaign-states.js';
import { MESSAGE_CATEGORIES } from '../../vocabulary/categories.js';
import { TAG_MAX, TAG_SEPARATORS, TAGS_MAX } from '../contacts/index.js';
import { ACTIVITY_KINDS, FUNNEL, MESSAGE_STATES, RETARGET_OUTCOMES, recordOf } from '../messages/index.js';
import { templateParameters } from '../templates/index.js';
import { AB_METRICS } from './ab-test.js';
import {
  failureGroupSchema,
  limitEstimateSchema,
  moneySchema,
  waitingForLimitSchema,
} from './campaign-deliverability.js';

/** A campaign's category (`messageType`): its template's. */
export const MESSAGE_TYPES = MESSAGE_CATEGORIES;
export const PAYMENT_METHODS = ['credit', 'plan'] as const;
export const TAG_MATCHES = ['any', 'all'] as const;

const httpUrl = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).max(2048);

export const timeZone = z
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

/** A campaign's tags follow a contact's tag rules, so every tag a contact can carry can be targeted. */
const audienceTags = z
  .array(
    z
      .string({ message: 'Each tag must be a string' })
      .trim()
      .min(1, 'A tag must not be empty')
      .max(TAG_MAX, `A tag may be at most ${TAG_MAX} characters`)
      .refine((t) => !TAG_SEPARATORS.test(t), 'A tag may not contain ";" or ","')
      .refine((t) => !t.includes('\u0000'), 'Must not contain NUL'),
  )
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

/** The editable fields of a campaign, as a create body declares them; PATCH takes each as optional. */
const campaignFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullish(),
  messageType: z.enum(MESSAGE_TYPES),
  sendToAllContact: z.boolean(),
  selectedContactId: z.array(z.uuid({ message: 'Each contact id must be a UUID' })).max(100_000),
  tags: audienceTags,
  tagMatch: z.enum(TAG_MATCHES, { message: 'Must be "any" or "all"' }),
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
  /** The approved template the campaign is sent as; `message` then holds its body text. */
  templateId: z.uuid({ message: 'Must be a UUID' }).nullish(),
  templateParameters: templateParameters.nullish(),
  /** Links in the message and its button go out as tracked short links (on by default). */
  trackClicks: z.boolean({ message: 'Must be true or false' }),
  /** An A/B test's variants: each its own text or its own template (`ab-test.ts`). */
  variants: z
    .array(
      z
        .object({
          name: z.string().trim().min(1).max(20),
          message: z.string().trim().min(1).max(4096).nullish(),
          templateId: z.uuid({ message: 'Must be a UUID' }).nullish(),
          templateParameters: templateParameters.nullish(),
        })
        .strict()
        .refine((v) => !!v.message !== !!v.templateId, {
          message: 'Give a variant either a message or a templateId',
          path: ['message'],
        }),
    )
    .min(2, 'An A/B test has two or three variants')
    .max(3, 'An A/B test has two or three variants')
    .refine((vs) => new Set(vs.map((v) => v.name)).size === vs.length, 'Variant names must differ')
    .nullish(),
  abTest: z
    .object({
      testShare: z.number().min(0.01).max(1).describe('Share of the audience the variants are tested on'),
      metric: z.enum(AB_METRICS),
      decideAfterMinutes: z.number().int().min(1).max(10_080),
    })
    .strict()
    .nullish(),
  /**
   * A retarget audience (another campaign's recipients with an outcome; tags narrow it), or a segment,
   * evaluated when the campaign goes out.
   */
  audience: z
    .object({
      fromCampaign: z.uuid({ message: 'Must be a UUID' }).optional(),
      outcome: z
        .enum(RETARGET_OUTCOMES, { message: `Must be one of ${RETARGET_OUTCOMES.join(', ')}` })
        .optional(),
      segmentId: z.uuid({ message: 'Must be a segment id' }).optional(),
    })
    .strict()
    // One object rather than a union, so a mistake is named by its field rather than as "audience".
    .superRefine((a, ctx) => {
      if (a.segmentId !== undefined) {
        if (a.fromCampaign !== undefined || a.outcome !== undefined)
          ctx.addIssue({ code: 'custom', path: ['segmentId'], message: 'A segment or a retarget, not both' });
        return;
      }
      if (a.fromCampaign === undefined)
        ctx.addIssue({ code: 'custom', path: ['fromCampaign'], message: 'Required (or a segmentId)' });
      if (a.outcome === undefined) ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'Required' });
    })
    .transform((a) =>
      a.segmentId !== undefined
        ? { segmentId: a.segmentId }
        : { fromCampaign: a.fromCampaign!, outcome: a.outcome! },
    )
    .nullish(),
};

export const createCampaignBody = z.object({
  ...campaignFields,
  messageType: campaignFields.messageType.default('marketing'),
  selectedContactId: campaignFields.selectedContactId.default([]),
  tags: campaignFields.tags.default([]),
  tagMatch: campaignFields.tagMatch.default('any'),
  trackClicks: campaignFields.trackClicks.default(true),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
});
export type CreateCampaignInput = z.output<typeof createCampaignBody>;

export const updateCampaignBody = z.object({
  name: campaignFields.name.optional(),
  description: campaignFields.description,
  messageType: campaignFields.messageType.optional(),
  sendToAllContact: campaignFields.sendToAllContact.optional(),
  selectedContactId: campaignFields.selectedContactId.optional(),
  tags: campaignFields.tags.optional(),
  tagMatch: campaignFields.tagMatch.optional(),
  message: campaignFields.message.optional(),
  uploadFileUrl: campaignFields.uploadFileUrl,
  header: campaignFields.header,
  actionButtonTitle: campaignFields.actionButtonTitle,
  actionButtonUrl: campaignFields.actionButtonUrl,
  isScheduled: campaignFields.isScheduled.optional(),
  scheduledAt: campaignFields.scheduledAt,
  timeZone: campaignFields.timeZone,
  templateId: campaignFields.templateId,
  templateParameters: campaignFields.templateParameters,
  trackClicks: campaignFields.trackClicks.optional(),
  audience: campaignFields.audience,
  variants: campaignFields.variants,
  abTest: campaignFields.abTest,
});
export type UpdateCampaignInput = z.output<typeof updateCampaignBody>;

export const publishCampaignBody = z.object({ paymentMethod: z.enum(PAYMENT_METHODS) });

// No length cap of its own: a malformed id is a 404 like any unknown one (the router answers 414 past 100).
export { lookupIdParams as campaignParams } from '../../platform/http/id-params.js';

export const listCampaignsQuery = pageQuery.extend({ search: z.string().trim().max(200).optional() });
export type ListCampaignsQuery = z.output<typeof listCampaignsQuery>;

const messageFilters = {
  status: z.enum(MESSAGE_STATES).optional(),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Phone digits (anywhere in the number) or words starting the recipient's name"),
  clicked: queryBoolean
    .optional()
    .describe('Only the messages whose recipient clicked (true) or did not (false)'),
};

export const listMessagesQuery = pageQuery.extend(messageFilters);
export type ListMessagesQuery = z.output<typeof listMessagesQuery>;

export const exportMessagesQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  ...messageFilters,
});
export type ExportMessagesQuery = z.output<typeof exportMessagesQuery>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  messageType: z.enum(MESSAGE_TYPES),
  sendToAllContact: z.boolean(),
  selectedContactId: z.array(z.string()),
  tags: z.array(z.string()),
  tagMatch: z.enum(TAG_MATCHES),
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
  status: z
    .enum(CAMPAIGN_STATUSES)
    .describe(
      "The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`",
    ),
  state: z
    .enum(CAMPAIGN_STATES)
    .describe(
      'Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)',
    ),
  publishedAt: z.string().nullable(),
  sentOutAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  recipientCount: z.number().int(),
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  cost: z.number().nullable(),
  rate: z.number().nullable(),
  templateId: z.string().nullable().describe('The template the campaign is sent as'),
  trackClicks: z.boolean().describe('Links go out as tracked short links'),
  audience: z
    .union([
      z.object({ fromCampaign: z.string(), outcome: z.enum(RETARGET_OUTCOMES) }),
      z.object({ segmentId: z.string() }),
    ])
    .nullable()
    .describe(
      "A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment",
    ),
  variants: z
    .array(
      z.object({
        name: z.string(),
        message: z.string().nullish(),
        templateId: z.string().nullish(),
        templateParameters: templateParameters.nullish(),
      }),
    )
    .nullable()
    .describe('An A/B test: the variants, tested side by side on `abTest.testShare` of the audience'),
  abTest: z
    .object({ testShare: z.number(), metric: z.enum(AB_METRICS), decideAfterMinutes: z.number().int() })
    .nullable(),
  templateParameters: templateParameters
    .nullable()
    .describe("How each of the template's variables is filled: a contact's field or fixed text"),
  stoppedAt: z.string().nullable().describe('When a provider error stopped its remaining sends'),
  stopReason: z.string().nullable().describe('Why its remaining sends were stopped'),
  pausedAt: z.string().nullable().describe('Set while paused (by the business, or by a quality drop)'),
  pauseReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const deliverySchema = z.object({
  total: z.number().int(),
  held: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  /** Accepted by the gateway and not reported failed since (sent, delivered or read). */
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});

export const campaignDetailSchema = campaignSchema.extend({
  delivery: deliverySchema,
  waitingForLimit: waitingForLimitSchema,
});

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
  status: z.enum(MESSAGE_STATES),
  attempts: z.number().int(),
  providerMessageId: z.string().nullable(),
  failureReason: z.string().nullable().describe('Why it failed; null unless failed (or waiting for a retry)'),
  errorCode: z.string().nullable().describe("The gateway's error code of a reported failure"),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  clickedAt: z.string().nullable().describe('First time the recipient followed one of its tracked links'),
  failedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const campaignPageSchema = pageSchema(campaignSchema);
export const campaignMessagePageSchema = pageSchema(campaignMessageSchema);
export const qrCodeSchema = z.object({ link: z.string(), imageBase64: z.string() });

/** The audience and price of a campaign before it is created: the composer's preview. */
export const estimateBody = z.object({
  sendToAllContact: campaignFields.sendToAllContact.default(false),
  selectedContactId: campaignFields.selectedContactId.default([]),
  tags: campaignFields.tags.default([]),
  tagMatch: campaignFields.tagMatch.default('any'),
  audience: campaignFields.audience,
  messageType: campaignFields.messageType
    .default('marketing')
    .describe('The declared type: what text (no template) is priced as'),
  templateId: campaignFields.templateId.describe(
    'The template to send: its category prices it, whatever `messageType` says',
  ),
  variants: z
    .array(z.object({ name: z.string().trim().min(1).max(20), templateId: campaignFields.templateId }))
    .max(3)
    .nullish()
    .describe("An A/B test's variants: each variant's template is priced by its category too"),
  paymentMethod: z.enum(PAYMENT_METHODS).default('credit'),
});
export type EstimateInput = z.output<typeof estimateBody>;

export const estimateSchema = z.object({
  recipients: z.number().int().describe('Opted-in contacts the audience reaches now'),
  evaluatedNow: z
    .boolean()
    .describe(
      'True for a segment audience: counted now, while the campaign will reach whoever matches when it goes out',
    ),
  messageType: z
    .enum(MESSAGE_TYPES)
    .describe("What it is priced as: the templates' category, or the declared type without a template"),
  paymentMethod: z
    .enum(PAYMENT_METHODS)
    .describe('How the publish would pay: `credit` also when the active plan does not cover the category'),
  planDoesNotCover: z
    .boolean()
    .describe('The plan was chosen but does not cover this category: credits would pay (by the rate card)'),
  rate: z
    .number()
    .nullable()
    .describe(
      "Credits (or plan units) per message; by credits, the rate card's default for the category; null: no active plan",
    ),
  breakdown: z
    .array(
      z.object({
        country: z
          .string()
          .nullable()
          .describe('ISO 3166 alpha-2; null: not known yet (priced at the default)'),
        recipients: z.number().int(),
        price: z.number().describe("Credits per message: the card's price for the country, or its default"),
        subtotal: z.number().describe('recipients x price'),
      }),
    )
    .nullable()
    .describe('By credits, the recipients by country as the rate card prices them; null for a plan'),
  credits: z
    .number()
    .describe('What the publish would debit: the sum of the breakdown (credits), recipients x rate (plan)'),
  cost: z.number().describe('credits x pricePerCredit, in `currency`'),
  currency: z.string().describe('Currency of `cost` (USD)'),
  balance: z.number().describe('Wallet credits available'),
  planBalance: z.number().nullable().describe('Active plan balance; null without an active plan'),
  enough: z.boolean().describe('Whether the chosen payment method covers `credits` now'),
  messagingLimit: limitEstimateSchema,
});

const count = () => z.number().int();
const activity = recordOf(ACTIVITY_KINDS, count);

export const campaignReportSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  sentOutAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  recipients: z.number().int().describe('Messages the campaign has, one per recipient'),
  states: z
    .object(recordOf(MESSAGE_STATES, count))
    .describe('Messages now in each state; they add up to `recipients`'),
  pending: z.number().int().describe('Not sent yet: held + queued + sending'),
  reached: z
    .object(recordOf(FUNNEL, count))
    .describe(
      'The funnel: messages that got at least that far (a read one was delivered and sent); `clicked`: ' +
        'messages whose recipient followed one of their tracked links at least once; `replied`: messages ' +
        'their recipient answered at least once (counted once however many replies)',
    ),
  deliveryRate: z.number().describe('reached.delivered / reached.sent, 0..1 (0 before any is sent)'),
  readRate: z.number().describe('reached.read / reached.delivered, 0..1'),
  clickRate: z.number().describe('reached.clicked / reached.delivered, 0..1'),
  trackClicks: z.boolean().describe("Whether the campaign's links go out as tracked links"),
  links: z
    .array(
      z.object({
        position: z.number().int().describe('0 is the button when there is one, then the body in order'),
        url: z.string(),
        clicked: z.number().int().describe('Messages whose recipient followed it at least once'),
        clicks: z.number().int().describe('Every follow by a person (previews and prefetches not counted)'),
      }),
    )
    .describe('The tracked links, with their clicks (listed once the first message went out)'),
  failureReasons: z
    .array(z.object({ reason: z.string(), count: z.number().int() }))
    .describe('Why messages failed, most frequent first'),
  failureGroups: z
    .array(failureGroupSchema)
    .describe('Failed messages grouped by what their failure calls for'),
  money: moneySchema,
  optOuts: z.number().int().describe('Recipients who opted out within 7 days of receiving it'),
  pricing: z
    .object({
      billed: z.number().int().describe('Messages whose Cloud status said `pricing.billable: true`'),
      free: z.number().int().describe('Messages whose Cloud status said `pricing.billable: false`'),
    })
    .describe('What WhatsApp said the messages cost (Cloud API statuses; 0 and 0 through the gateway)'),
  cost: z.number().nullable().describe('Credits (or plan units) billed'),
  rate: z.number().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  costByCountry: z
    .array(
      z.object({
        country: z.string().nullable().describe('ISO 3166 alpha-2; null: not known (priced at the default)'),
        category: z.string(),
        messages: z.number().int().describe('Messages paid and not refunded'),
        price: z.number().describe('Credits (or plan units) per message'),
        cost: z.number().describe('What they cost the business'),
      }),
    )
    .describe(
      "What the campaign's kept messages cost, by recipient country (its category's prices at publish)",
    ),
  timeline: z.object({
    bucketSeconds: z
      .number()
      .int()
      .nullable()
      .describe('Bucket size, fitted to the age; null before send-out'),
    buckets: z
      .array(z.object({ start: z.string(), ...activity }))
      .describe('From send-out to now, oldest first'),
  }),
});

export const chooseWinnerBody = z.object({ variant: z.string().trim().min(1).max(20) });

const variantCount = () => z.number().int();
export const variantsReportSchema = z.object({
  abTest: z
    .object({ testShare: z.number(), metric: z.enum(AB_METRICS), decideAfterMinutes: z.number().int() })
    .nullable(),
  winner: z.string().nullable().describe("The winning variant's name; null until chosen"),
  decidedAt: z.string().nullable().describe('When the winner was chosen and the rest went out'),
  decidedBy: z.enum(['auto', 'manual']).nullable(),
  decideAt: z.string().nullable().describe('When the rule chooses (send-out + decideAfterMinutes)'),
  variants: z.array(
    z.object({
      name: z.string(),
      message: z.string().nullable(),
      templateId: z.string().nullable(),
      variant: z.number().int(),
      recipients: variantCount().describe('Its test share, plus the rest once it won'),
      sent: variantCount(),
      delivered: variantCount(),
      read: variantCount(),
      clicked: variantCount(),
      replied: variantCount().describe('Messages its recipient answered at least once'),
      failed: variantCount(),
      readRate: z.number(),
      clickRate: z.number(),
      cost: z.number().describe('Its recipients x the rate billed'),
    }),
  ),
});
