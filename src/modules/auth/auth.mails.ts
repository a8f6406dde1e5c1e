import type { AppDeps } from '../../deps.js';
import { composeMail, type MailContent } from '../../platform/mail/layout.js';
import { type IssuedCode, OTP_TTL_MS } from './otp.service.js';

const minutes = OTP_TTL_MS / 60_000;

/** The console page a code's link opens; the page calls the API with the token. */
const consoleLink = (publicUrl: string, page: string, token: string) =>
  `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;

/** A code's mail: the code to type and the link to click; a link-only mail when the code was not renewed. */
const codeMail = (
  to: string,
  subject: string,
  use: string,
  ignore: string,
  { code }: IssuedCode,
  link: { label: string; url: string },
): MailContent => ({
  to,
  subject,
  paragraphs: code
    ? [
        `Use this code to ${use}, or open the link below:`,
        `Both are valid for ${minutes} minutes and work once. ${ignore}`,
      ]
    : [
        `Open this link to ${use} (the link works once; the last code sent to you may still be used):`,
        `It is valid for ${minutes} minutes. ${ignore}`,
      ],
  ...(code ? { highlight: code } : {}),
  link,
});

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
  verification: (to: string, issued: IssuedCode, publicUrl: string): MailContent =>
    codeMail(
      to,
      'Your verification code',
      'confirm your e-mail address',
      'If you did not ask for it, ignore this e-mail.',
      issued,
      { label: 'Confirm my e-mail address', url: consoleLink(publicUrl, 'verify-email', issued.token) },
    ),
  /**
   * A code proving an address that is not an unverified account's own (an e-mail change's new address): the
   * console has no page its link could complete, so the mail carries the code alone, or says that the last one
   * still works when no new code could be made this hour.
   */
  addressCode: (to: string, { code }: IssuedCode): MailContent => ({
    to,
    subject: 'Your verification code',
    paragraphs: code
      ? [
          'Use this code to confirm this e-mail address:',
          `It is valid for ${minutes} minutes and works once. If you did not ask for it, ignore this e-mail.`,
        ]
      : [
          'No new code can be sent to this address for now: the last code sent to you still works until it expires.',
          'If you did not ask for it, ignore this e-mail.',
        ],
    ...(code ? { highlight: code } : {}),
  }),
  passwordReset: (to: string, issued: IssuedCode, publicUrl: string): MailContent =>
    codeMail(
      to,
      'Reset your password',
      'choose a new password',
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
      issued,
      { label: 'Choose a new password', url: consoleLink(publicUrl, 'reset-password', issued.token) },
    ),
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
