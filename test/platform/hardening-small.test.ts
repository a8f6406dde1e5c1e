import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ownsStoredFile } from '../../src/modules/contacts/contacts.repository.js';
import { LogMailAdapter } from '../../src/platform/mail/log.adapter.js';
import { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

describe('small hardening items', () => {
  const t = useTestApp();

  it('a stored file belongs to a business only under its own prefix, not wherever its id appears', async () => {
    const mine = await createUser(t);
    const other = await createUser(t);
    expect(await ownsStoredFile(t.db, mine.businessId, `${mine.businessId}/files/a.csv`)).toBe(true);
    expect(await ownsStoredFile(t.db, mine.businessId, `${other.businessId}/${mine.businessId}/a.csv`)).toBe(
      false,
    );
  });

  it('the shipped nginx config hides /metrics, /metrics/ and anything under it', () => {
    const conf = readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
    const blocks = [...conf.matchAll(/location\s+(=|~\*?|\^~)?\s*(\S+)\s*\{\s*return 404;/g)];
    const hidden = (uri: string) =>
      blocks.some(([, kind, pattern]) =>
        kind === '='
          ? uri === pattern
          : kind?.startsWith('~')
            ? new RegExp(pattern!).test(uri)
            : uri.startsWith(pattern!),
      );
    for (const uri of ['/metrics', '/metrics/', '/metrics/x']) expect(hidden(uri), uri).toBe(true);
    expect(hidden('/metricsfoo')).toBe(false);
  });

  it('local storage signs URLs with a key of its own, not the secret it is given', async () => {
    const secret = 'the-jwt-secret';
    const storage = new LocalStorageAdapter(mkdtempSync(path.join(tmpdir(), 'st-')), 'http://x', secret, 60);
    const expires = Math.floor(Date.now() / 1000) + 60;
    const req = {
      method: 'PUT' as const,
      key: 'b/files/a.csv',
      expires,
      contentType: 'text/csv',
      maxBytes: 10,
    };
    const withSecret = createHmac('sha256', secret)
      .update([req.method, req.key, req.expires, req.contentType, req.maxBytes].join('\n'))
      .digest('hex');
    expect(storage.verify(req, withSecret)).toBe('Invalid signature');
    const signed = new URL(
      (await storage.presignUpload({ key: req.key, contentType: 'text/csv', maxBytes: 10 })).uploadUrl,
    );
    expect(signed.searchParams.get('signature')).not.toBe(withSecret);
  });

  it('without SMTP in production, e-mail bodies (codes, links) never reach the log', async () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    const mail = {
      to: 'a@b.example',
      subject: 'Your verification code',
      text: 'code 123456',
      html: '<p>123456</p>',
    };
    await new LogMailAdapter(pino(sink), false).send(mail);
    expect(out).toContain('a@b.example');
    expect(out).not.toContain('123456');
    await new LogMailAdapter(pino(sink), true).send(mail);
    expect(out).toContain('123456');
  });
});
