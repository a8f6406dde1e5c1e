export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Outgoing e-mail. Sending is best-effort for callers: they log a failure, they do not fail the request. */
export interface MailPort {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
