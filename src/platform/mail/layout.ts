import type { MailMessage } from './mail.port.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text; they are escaped for the HTML part. */
  paragraphs: string[];
  /** A code or figure shown prominently (an OTP). */
  highlight?: string;
  /** A button-like link shown after the highlight (a single-use link in a code's mail). */
  link?: { label: string; url: string };
}

/** Builds both bodies of an e-mail from the same content, so the text and HTML parts never disagree. */
export function composeMail({ to, subject, paragraphs, highlight, link }: MailContent): MailMessage {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(highlight ? [highlight] : []),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...paragraphs.slice(1),
  ].join('\n\n');
  const htmlParagraphs = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`);
  const htmlHighlight = highlight
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:0 0 16px">${escapeHtml(highlight)}</p>`
    : '';
  const htmlLink = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px">
<h2 style="margin:0 0 16px">${escapeHtml(subject)}</h2>
${htmlParagraphs[0] ?? ''}${htmlHighlight}${htmlLink}${htmlParagraphs.slice(1).join('')}
</body></html>`;
  return { to, subject, text, html };
}
