import type { Logger } from 'pino';
import type { MailMessage, MailPort } from './mail.port.js';

/**
 * The embedded default: e-mails are written to the log, so a laptop needs no mail server. In production
 * (`withBody` false) only the recipient and subject are: a body holds one-time codes and undo links, and
 * logs are read by more people than mailboxes are.
 */
export class LogMailAdapter implements MailPort {
  constructor(
    private readonly logger: Logger,
    private readonly withBody = true,
  ) {}

  async send(message: MailMessage): Promise<void> {
    if (!this.withBody) {
      this.logger.warn(
        { mail: { to: message.to, subject: message.subject } },
        'e-mail dropped: SMTP_URL unset (body not logged in production)',
      );
      return;
    }
    this.logger.info(
      { mail: { to: message.to, subject: message.subject, text: message.text } },
      'e-mail (not sent: SMTP_URL unset)',
    );
  }
}
