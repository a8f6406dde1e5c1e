import type { AppDeps } from '../deps.js';
import {
  type CampaignLink,
  type LinkTokens,
  linksOf,
  rewriteText,
  saveCampaignLinks,
  trackedTemplateButtons,
} from '../modules/links/index.js';
import type { ClaimedMessage } from '../modules/messages/index.js';
import type { TemplateParameters } from '../modules/templates/index.js';
import type { OutboundMessage } from '../providers/messaging/messaging.port.js';

/** A campaign's tracked links as its sends need them (none when tracking is off). */
export interface SendLinks {
  links: CampaignLink[];
  /** Template URL buttons whose variable is the token. */
  buttons: { index: number; position: number }[];
  /** The service's public address the short links are on. */
  base: string;
  tokens: LinkTokens | null;
}

export const NO_LINKS: SendLinks = { links: [], buttons: [], base: '', tokens: null };

/**
 * The links a campaign's messages carry, stored once for the redirect to find: the button's, the body's,
 * then the template URL buttons that lead to this service's redirect.
 */
export async function loadSendLinks(
  deps: Pick<AppDeps, 'db' | 'config' | 'linkTokens'>,
  content: {
    id: string;
    trackClicks: boolean;
    message: string;
    actionButtonUrl: string | null;
    templateParameters: unknown;
  },
  templateComponents: readonly { type: string; buttons?: unknown }[] | null,
  offset = 0,
): Promise<SendLinks> {
  if (!content.trackClicks) return NO_LINKS;
  const plain = linksOf(content).map((l) => ({ ...l, position: l.position + offset }));
  const params = content.templateParameters as TemplateParameters | null;
  const templated = templateComponents
    ? trackedTemplateButtons(
        templateComponents,
        params?.buttons,
        deps.config.PUBLIC_URL,
        offset + plain.length,
      )
    : { links: [], buttons: [] };
  const links = [...plain, ...templated.links];
  await saveCampaignLinks(deps.db, content.id, links);
  return {
    links,
    buttons: templated.buttons,
    base: deps.config.PUBLIC_URL,
    tokens: deps.linkTokens,
  };
}

/** The message with its links replaced by this message's tracked links. */
export function withTrackedLinks(
  out: OutboundMessage,
  links: SendLinks,
  message: ClaimedMessage,
): OutboundMessage {
  const tokens = links.tokens;
  if (!links.links.length || !tokens) return out;
  const token = (position: number) =>
    tokens.sign({ campaignId: message.campaignId, messageId: message.id, position });
  const tracked = (position: number) => `${links.base}/l/${token(position)}`;
  const template = out.template && {
    ...out.template,
    components: out.template.components.map((c) => {
      if (c.type !== 'button' || c.sub_type !== 'url') return c;
      const button = links.buttons.find((b) => String(b.index) === c.index);
      return button ? { ...c, parameters: [{ type: 'text' as const, text: token(button.position) }] } : c;
    }),
  };
  return {
    ...out,
    text: rewriteText(out.text, links.links, tracked),
    button: out.button && { ...out.button, url: rewriteText(out.button.url, links.links, tracked) },
    template,
  };
}
