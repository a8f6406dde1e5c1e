/** A link of a campaign: its place (the button is 0 when there is one, then the body's in order) and URL. */
export interface CampaignLink {
  position: number;
  url: string;
}

/** At most this many links per campaign are tracked (a position is one byte of the token). */
export const MAX_TRACKED_LINKS = 20;

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than a URL ("see https://x.com/a."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The http(s) URLs of a text, in order of first appearance, each once. */
export function urlsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING, '');
    if (url.length > 'https://'.length && !found.includes(url)) found.push(url);
  }
  return found;
}

/**
 * The links a campaign's content carries: the call-to-action button's URL first, then each URL of the body.
 * Derived from the content alone (fixed once published), so every process numbers them the same way.
 */
export function linksOf(content: { message: string; actionButtonUrl: string | null }): CampaignLink[] {
  const urls = [...(content.actionButtonUrl ? [content.actionButtonUrl] : []), ...urlsIn(content.message)];
  const unique = urls.filter((u, i) => urls.indexOf(u) === i).slice(0, MAX_TRACKED_LINKS);
  return unique.map((url, position) => ({ position, url }));
}

/** The text with each of `links`' URLs replaced by what `tracked` gives for its position. */
export function rewriteText(text: string, links: readonly CampaignLink[], tracked: (p: number) => string) {
  return text.replace(URL_IN_TEXT, (match) => {
    const url = match.replace(TRAILING, '');
    const link = links.find((l) => l.url === url);
    return link ? tracked(link.position) + match.slice(url.length) : match;
  });
}

/** A template URL button's variable that holds a URL to track (only when the button leads to `/l/{{1}}`). */
export interface TrackedButton {
  /** The button's index among the template's buttons. */
  index: number;
  position: number;
}

/**
 * The template's URL buttons whose URL is this service's redirect with the token as its variable
 * (`{PUBLIC_URL}/l/{{1}}`): the campaign gives the real URL as the variable, and each message sends its token.
 */
export function trackedTemplateButtons(
  components: readonly { type: string; buttons?: unknown }[],
  buttonParams: readonly ({ text: string } | { field: string })[] | undefined,
  publicUrl: string,
  firstPosition: number,
): { links: CampaignLink[]; buttons: TrackedButton[] } {
  const links: CampaignLink[] = [];
  const buttons: TrackedButton[] = [];
  const all = components.flatMap((c) =>
    c.type === 'BUTTONS' && Array.isArray(c.buttons) ? (c.buttons as { type?: string; url?: string }[]) : [],
  );
  let variable = 0;
  all.forEach((b, index) => {
    if (b.type !== 'URL' || !b.url?.includes('{{')) return;
    const param = buttonParams?.[variable++];
    if (b.url !== `${publicUrl}/l/{{1}}` || !param || !('text' in param)) return;
    if (!/^https?:\/\//.test(param.text)) return;
    const position = firstPosition + links.length;
    links.push({ position, url: param.text });
    buttons.push({ index, position });
  });
  return { links, buttons };
}
