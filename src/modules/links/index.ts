/**
 * Tracked links: the module that owns `campaign_links` and `message_clicks`. Sends rewrite a campaign's
 * links into `{PUBLIC_URL}/l/{token}` (one per message and link); the redirect counts a person's click.
 */

export { followLink, type LinkAnswer } from './link-redirect.js';
export {
  type CampaignLink,
  linksOf,
  rewriteText,
  type TrackedButton,
  trackedTemplateButtons,
  urlsIn,
} from './link-rewrite.js';
export { type LinkRef, LinkTokens, TOKEN_LENGTH } from './link-tokens.js';
export { LINK_LIFETIME_DAYS, linkReport, saveCampaignLinks } from './links.repository.js';
export { linksObjects } from './module-objects.js';
export { isPrefetch } from './prefetch.js';
