import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP peer on loopback: the service's SMTP adapter delivers to it over TCP, and tests read what
 * arrived. One per test file.
 */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];
  private server!: SMTPServer;
  port = 0;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
              a.value.map((v) => (v.address ?? '').toLowerCase()),
            );
            this.messages.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html || '',
            });
            for (const w of this.waiters.splice(0)) w();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits until a message for `to` (and matching `subject`, when given) has arrived. */
  async waitFor(to: string, subject?: RegExp, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.find(to, subject);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`No e-mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The most recent message for `to`, optionally matching a subject. */
  find(to: string, subject?: RegExp): ReceivedMail | undefined {
    const addr = to.toLowerCase();
    return [...this.messages]
      .reverse()
      .find((m) => m.to.includes(addr) && (!subject || subject.test(m.subject)));
  }

  /** The six-digit code of the latest message to `to` that carries one. */
  async otpFor(to: string, subject?: RegExp): Promise<string> {
    const mail = await this.waitFor(to, subject);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`E-mail to ${to} has no 6-digit code: ${mail.text}`);
    return code;
  }

  clear(): void {
    this.messages.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
