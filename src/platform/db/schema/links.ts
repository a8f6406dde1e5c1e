import { index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { timestamptz } from './columns.js';

/**
 * The links a campaign's messages carry, numbered by where they appear (the button first, then the body in
 * order), written when the campaign is published; each message's tracked link names its message and this
 * position. `clicked` counts messages that followed it at least once, `clicks` every real follow.
 */
export const campaignLinks = pgTable(
  'campaign_links',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    clicked: integer('clicked').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.position] })],
);

/**
 * One row per message and link followed at least once: when first, and how often. Written only by the
 * click batches, so a message nobody clicked costs nothing. No foreign key to the message: the row goes
 * with its campaign.
 */
export const messageClicks = pgTable(
  'message_clicks',
  {
    messageId: uuid('message_id').notNull(),
    position: smallint('position').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull().default(0),
    firstClickedAt: timestamptz('first_clicked_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.position] }),
    index('message_clicks_campaign_idx').on(t.campaignId),
  ],
);
