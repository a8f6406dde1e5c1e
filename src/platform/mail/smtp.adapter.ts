import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailPort } from './mail.port.js';

/** SMTP through nodemailer, with a pooled connection (`smtp://user:pass@host:port`). */
export class SmtpMailAdapter implements MailPort {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      // Loopback and private relays often present self-signed certificates.
      tls: { rejectUnauthorized: url.searchParams.get('tlsRejectUnauthorized') !== 'false' },
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
