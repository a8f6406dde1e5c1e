import type { MailContent } from '../../platform/mail/layout.js';
import { EMAIL_UNDO_TTL_MS } from './email-undo.js';

const days = EMAIL_UNDO_TTL_MS / (24 * 3600_000);

/** To the old address after an e-mail change: the one way back if someone else made it. */
export const emailChangedMail = (to: string, newEmail: string, undoUrl: string): MailContent => ({
  to,
  subject: 'Your e-mail address was changed',
  paragraphs: [
    `The e-mail address of your Campaign Messaging account was changed to ${newEmail}.`,
    `If you did not make this change, open this link within ${days} days: it puts your address back and signs every device out. Then choose a new password with "Forgot password".`,
    undoUrl,
  ],
});
