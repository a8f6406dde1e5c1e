/** The customer-service window: how long after a contact's last message the business may write freely. */
export const WINDOW_MS = 24 * 60 * 60_000;

/** When the window opened by `lastInboundAt` closes; null when it has closed (or never opened). */
export function windowEndsAt(lastInboundAt: Date | string | null, now = new Date()): Date | null {
  if (!lastInboundAt) return null;
  const ends = new Date(new Date(lastInboundAt).getTime() + WINDOW_MS);
  return ends.getTime() > now.getTime() ? ends : null;
}

/**
 * Whether sending `reply` now starts a conversation the messaging limit counts: a template outside the
 * customer-service window (inside it, or free text and media, the contact started it).
 */
export function startsConversation(
  reply: { type: string; lastInboundAt: Date | string | null },
  now = new Date(),
): boolean {
  return reply.type === 'template' && windowEndsAt(reply.lastInboundAt, now) === null;
}
