import { describe, expect, it } from 'vitest';
import { composeMail } from '../../src/platform/mail/layout.js';
import { SmtpMailAdapter } from '../../src/platform/mail/smtp.adapter.js';
import { Mailbox } from '../mailbox.js';

describe('SMTP mail adapter', () => {
  it('delivers a text and HTML e-mail to a real SMTP peer', async () => {
    const box = await new Mailbox().start();
    const mail = new SmtpMailAdapter(box.url, 'Service <no-reply@service.test>');
    try {
      await mail.send(
        composeMail({
          to: 'Ada@Example.test',
          subject: 'Your code',
          paragraphs: ['Use this code:', 'It expires in 10 minutes.'],
          highlight: '123456',
        }),
      );
      const got = await box.waitFor('ada@example.test', /Your code/);
      expect(got.text).toContain('123456');
      expect(got.html).toContain('<p');
      expect(await box.otpFor('ada@example.test')).toBe('123456');
    } finally {
      await mail.close();
      await box.stop();
    }
  });

  it('escapes user-supplied text in the HTML part', () => {
    const m = composeMail({ to: 'a@b.test', subject: 'Hi', paragraphs: ['Hello <script>alert(1)</script>'] });
    expect(m.html).not.toContain('<script>');
    expect(m.text).toContain('<script>');
  });
});
