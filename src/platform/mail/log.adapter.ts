import type { Logger } from 'pino';
import type { MailMessage, MailPort } from './mail.port.js';

/** The embedded default: e-mails are written to the log, so a laptop needs no mail server. */
export class LogMailAdapter implements MailPort {
  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.logger.info(
      { mail: { to: message.to, subject: message.subject, text: message.text } },
      'e-mail (not sent: SMTP_URL unset)',
    );
  }
}
