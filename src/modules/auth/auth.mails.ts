import type { AppDeps } from '../../deps.js';
import { composeMail, type MailContent } from '../../platform/mail/layout.js';
import { OTP_TTL_MS } from './otp.service.js';

const minutes = OTP_TTL_MS / 60_000;

export const authMails = {
  welcome: (to: string, name: string): MailContent => ({
    to,
    subject: 'Welcome to Campaign Messaging',
    paragraphs: [
      `Hello ${name},`,
      'Your account is ready. Complete your business profile and submit it for verification to start sending campaigns.',
      'If you did not create this account, reply to this e-mail and we will close it.',
    ],
  }),
  verification: (to: string, code: string): MailContent => ({
    to,
    subject: 'Your verification code',
    paragraphs: [
      'Use this code to confirm your e-mail address:',
      `It is valid for ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
    ],
    highlight: code,
  }),
  passwordReset: (to: string, code: string): MailContent => ({
    to,
    subject: 'Reset your password',
    paragraphs: [
      'Use this code to choose a new password:',
      `It is valid for ${minutes} minutes. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.`,
    ],
    highlight: code,
  }),
};

/**
 * Sends without making the caller wait: the answer does not depend on the mail server (and, for
 * forgot-password, takes the same time whether an e-mail went out or not). A failure is logged.
 */
export function sendInBackground(deps: Pick<AppDeps, 'mail' | 'logger'>, content: MailContent): void {
  deps.mail.send(composeMail(content)).catch((err: Error) => {
    deps.logger.warn({ err: err.message, subject: content.subject }, 'e-mail not sent');
  });
}
