import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.js';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'cfg-'));

describe('configuration', () => {
  it('starts with no variables at all, on the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.PORT).toBe(4000);
    expect(c.HOST).toBe('0.0.0.0');
    expect(c.PUBLIC_URL).toBe('http://localhost:4000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SCHEDULER_INTERVAL_MS).toBe(60_000);
    expect(c.LOG_LEVEL).toBe('info');
    expect(Buffer.from(c.ENCRYPTION_KEY, 'base64')).toHaveLength(32);
  });

  it('generates missing secrets once and reuses them after a restart', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(second.ENCRYPTION_KEY).toBe(first.ENCRYPTION_KEY);
    const file = path.join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).JWT_SECRET).toBe(first.JWT_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tmp(),
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        LOG_LEVEL: 'loud',
        ENCRYPTION_KEY: 'short',
        WHATSAPP_CLOUD_BASE_URL: 'graph.facebook.com',
        WHATSAPP_CLOUD_APP_SECRET: 'short',
        WHATSAPP_CLOUD_VERIFY_TOKEN: 'tiny',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'ENCRYPTION_KEY',
      'WHATSAPP_CLOUD_BASE_URL',
      'WHATSAPP_CLOUD_APP_SECRET',
      'WHATSAPP_CLOUD_VERIFY_TOKEN',
    ])
      expect(problems).toContain(name);
    expect((error as Error).message).toMatch(/Invalid configuration/);
  });

  it('refuses production without its secrets and database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() });
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of [
        'JWT_SECRET',
        'ENCRYPTION_KEY',
        'DATABASE_URL',
        'PAYMENT_PROVIDER_SECRET_KEY',
        'MESSAGING_WEBHOOK_SECRET',
      ]) {
        expect(problems).toContain(name);
      }
    }
  });

  it('starts in production when the secrets are given', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgres://u@db:5432/app',
      PAYMENT_PROVIDER_SECRET_KEY: 'sk_live_x',
      MESSAGING_WEBHOOK_SECRET: 'w'.repeat(32),
    });
    expect(c.NODE_ENV).toBe('production');
  });

  it('treats empty strings as unset and parses lists and flags', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      REDIS_URL: '',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('requires the S3 variables together', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it('reads TRUST_PROXY as off, every hop, a hop count, or proxy addresses and ranges', () => {
    const trust = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY }).TRUST_PROXY;
    expect(loadConfig({ DATA_DIR: tmp() }).TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 172.16.0.1,::1, fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '172.16.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['maybe', '10.0.0.0/33', '1.2.3', '10.0.0.1, nginx', '::1/129']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
