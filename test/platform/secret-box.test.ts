import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadableError } from '../../src/platform/secret-box.js';

const key = () => randomBytes(32).toString('base64');

describe('SecretBox (AES-256-GCM)', () => {
  it('seals with a fresh IV each time and opens again', () => {
    const box = new SecretBox(key());
    const a = box.seal('hunter2');
    const b = box.seal('hunter2');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hunter2');
    expect(box.open(a)).toBe('hunter2');
    expect(box.open(b)).toBe('hunter2');
  });

  it('refuses a tampered ciphertext', () => {
    const box = new SecretBox(key());
    const parts = box.seal('secret').split('.');
    const ct = Buffer.from(parts[4]!, 'base64url');
    ct[0]! ^= 1;
    parts[4] = ct.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('opens values sealed with a previous key after a rotation, and says they need re-sealing', () => {
    const oldKey = key();
    const sealed = new SecretBox(oldKey).seal('old secret');
    const rotated = new SecretBox(key(), [oldKey]);
    expect(rotated.open(sealed)).toBe('old secret');
    expect(rotated.needsRotation(sealed)).toBe(true);
    expect(rotated.needsRotation(rotated.seal('new', 'owner'))).toBe(false);
    expect(() => new SecretBox(key()).open(sealed)).toThrow(/unknown key/);
  });

  it('binds a value to its owner: it opens for that owner only, never for another or for none', () => {
    const box = new SecretBox(key());
    const sealed = box.seal('hunter2', 'business-a');
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(box.open(sealed, 'business-a')).toBe('hunter2');
    expect(() => box.open(sealed, 'business-b')).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed)).toThrow(SecretUnreadableError);
    expect(box.needsRotation(sealed)).toBe(false);
  });

  it('still opens an unbound value sealed before binding existed, and says it needs re-sealing', () => {
    const box = new SecretBox(key());
    const legacy = box.seal('old secret');
    expect(legacy.startsWith('v1.')).toBe(true);
    expect(box.open(legacy, 'business-a')).toBe('old secret');
    expect(box.needsRotation(legacy)).toBe(true);
  });
});

describe('unbound (v1) values after the start-up re-seal', () => {
  it('open for no business once the re-seal has run; the re-seal itself still reads them', () => {
    const box = new SecretBox(randomBytes(32).toString('base64'));
    const unbound = box.seal('old secret');
    expect(box.open(unbound, 'business-a')).toBe('old secret');
    box.retireUnbound();
    expect(() => box.open(unbound, 'business-a')).toThrow(SecretUnreadableError);
    expect(() => box.open(unbound, 'business-b')).toThrow(SecretUnreadableError);
    expect(box.open(unbound, 'business-a', { allowUnbound: true })).toBe('old secret');
    const bound = box.seal('new secret', 'business-a');
    expect(box.open(bound, 'business-a')).toBe('new secret');
  });
});
