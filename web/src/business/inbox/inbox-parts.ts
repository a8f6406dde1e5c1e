import type { Data } from '../../api/types';

export type Conversation = Data<'/api/v1/conversations/{id}', 'get'>;
export type ConversationMessage = Data<'/api/v1/conversations/{id}/messages', 'get'>['items'][number];

/** The customer-service window's remaining time in words ("23 h 5 min left"), or null once it has closed. */
export function windowLeft(endsAt: string | null, now = Date.now()): string | null {
  if (!endsAt) return null;
  const ms = new Date(endsAt).getTime() - now;
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min left` : `${m} min left`;
}

/** A reply's state as the ticks say it, in words for screen readers too. */
export const TICKS: Record<string, { mark: string; words: string }> = {
  queued: { mark: '🕓', words: 'Waiting to be sent' },
  sending: { mark: '🕓', words: 'Sending' },
  sent: { mark: '✓', words: 'Sent' },
  delivered: { mark: '✓✓', words: 'Delivered' },
  read: { mark: '✓✓', words: 'Read' },
  failed: { mark: '!', words: 'Not delivered' },
};

/** How many `{{n}}` variables a template's body has. */
export function bodyVariables(components: unknown): number {
  const body = (components as { type: string; text?: string }[] | undefined)?.find((c) => c.type === 'BODY');
  const found = [...(body?.text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));
  return found.length ? Math.max(...found) : 0;
}
