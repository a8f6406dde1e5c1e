import { z } from 'zod';
import { timeZone } from '../campaigns/index.js';
import { ACTIVITY_KINDS, type ActivityKind, recordOf } from '../messages/index.js';

/** The longest window one overview covers: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;
/** The window when none is given: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date, YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Must be a real calendar date, YYYY-MM-DD');

export const overviewQuery = z.object({
  from: day.optional().describe('First day, in `timeZone` (default: 29 days before `to`)'),
  to: day.optional().describe('Last day, included, in `timeZone` (default: today there)'),
  timeZone: timeZone.default('UTC').describe('IANA time zone the days are cut in (default UTC)'),
});
export type OverviewQuery = z.output<typeof overviewQuery>;

/** What each kind of message activity counts in a day. */
const ACTIVITY_THAT_DAY: Record<ActivityKind, string> = {
  sent: 'Messages the gateway accepted that day',
  delivered: 'Messages delivered to the handset that day',
  read: 'Messages read that day',
  failed: 'Messages that failed that day',
  clicked: 'Messages whose recipient first followed one of their links that day',
  replied: 'Messages whose recipient first answered them that day',
};

const counts = {
  ...recordOf(ACTIVITY_KINDS, (k) => z.number().int().describe(ACTIVITY_THAT_DAY[k])),
  optIns: z.number().int().describe('Contacts who opted in (or were added opted in)'),
  optOuts: z.number().int().describe('Contacts who opted out'),
  creditsSpent: z.number().describe('Credits and plan units campaigns were billed'),
};

export const overviewDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD in `timeZone`'),
  ...counts,
});
export const overviewTotalsSchema = z.object(counts);

export const topCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessId: z.string(),
  sentOutAt: z.string().nullable(),
  recipients: z.number().int(),
  delivered: z.number().int().describe('Delivered or read'),
  read: z.number().int(),
  readRate: z.number().describe('read / delivered, 0..1'),
});

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  days: z.array(overviewDaySchema).describe('Every day of the window, oldest first, zeros included'),
  totals: overviewTotalsSchema,
  topCampaigns: z
    .array(topCampaignSchema)
    .describe('Up to five campaigns sent out in the window, best read rate first'),
});

const adminCounts = {
  newBusinesses: z.number().int().describe('Businesses registered that day'),
  creditsSold: z.number().describe('Credits bought that day (settled purchases)'),
};

export const adminOverviewSchema = overviewSchema.extend({
  days: z.array(overviewDaySchema.extend(adminCounts)),
  totals: overviewTotalsSchema.extend(adminCounts),
});

const spendLine = {
  country: z
    .string()
    .nullable()
    .describe('ISO 3166 alpha-2 of the recipients; null: not known (default price)'),
  category: z.string().describe('marketing, utility, authentication or service'),
  messages: z.number().int().describe('Messages paid and not refunded (campaign messages and replies)'),
};

export const spendSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  items: z.array(z.object({ ...spendLine, credits: z.number().describe('Credits paid for them') })),
  totalCredits: z.number(),
});

export const revenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  items: z.array(
    z.object({
      ...spendLine,
      revenue: z.number().describe('Credits the businesses paid for them'),
      unitCost: z
        .number()
        .nullable()
        .describe("The provider's price per message the rate card records; null: none"),
      cost: z.number().nullable().describe('messages x unitCost'),
      margin: z.number().nullable().describe('revenue - cost'),
    }),
  ),
  totals: z.object({
    messages: z.number().int(),
    revenue: z.number(),
    cost: z.number(),
    margin: z.number().describe('Over the lines with a recorded cost'),
    messagesWithoutCost: z.number().int().describe('Messages of lines without a recorded cost'),
  }),
});
