/**
 * Meta's conversation categories. Owner: the templates module (a template is approved in one of the first
 * three; a campaign is sent in its template's category), and the pricing module for `service` (the replies a
 * business sends inside the 24-hour window, priced on their own). The database enums and checks, the API's
 * schemas and the console's lists (`web/src/api/model.ts`, by `npm run web:api`) are derived from these.
 */

/** The categories a template, and so a campaign, is sent in. */
export const MESSAGE_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** What the rate card prices: the template categories, and service replies inside the window. */
export const PRICE_CATEGORIES = [...MESSAGE_CATEGORIES, 'service'] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];
