import { describe, expect, it } from 'vitest';
import { isOpen } from '../../src/modules/automation/business-hours.js';
import {
  compilePattern,
  keywordMatches,
  normalize,
  regexMatches,
  regexMatchesAll,
} from '../../src/modules/automation/matcher.js';
import { CloudSandboxAdapter } from '../../src/providers/messaging/cloud-sandbox.adapter.js';
import { MessagingError } from '../../src/providers/messaging/messaging.port.js';

/** The engine's pure parts: matching (with the regular expression's time limit) and business hours. */
describe('automation matching', () => {
  it('ignores case and accents and collapses spaces', () => {
    expect(normalize('  Ça   COÛTE  ')).toBe('ca coute');
    expect(keywordMatches('exact', 'ca coute', null, normalize('ÇA coûte'))).toBe(true);
    expect(keywordMatches('starts', 'price', null, 'price list please')).toBe(true);
    expect(keywordMatches('starts', 'price', null, 'the price')).toBe(false);
    expect(keywordMatches('contains', 'price', null, 'the price')).toBe(true);
  });

  it('stops a catastrophically backtracking expression at its time limit, as no match', () => {
    const evil = compilePattern('^(a+)+$')!;
    const input = `${'a'.repeat(40)}!`;
    const started = performance.now();
    expect(regexMatches(evil, input, 50)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Through the keyword path too, and a sane expression still matches afterwards.
    expect(keywordMatches('regex', '', evil, input)).toBe(false);
    expect(keywordMatches('regex', '', compilePattern('^order\\s+\\d+$'), 'order 42')).toBe(true);
  });

  it("runs a delivery's messages in one run; a backtracking one stops the run and none matches", () => {
    const order = compilePattern('^order\\s+\\d+$')!;
    expect(regexMatchesAll(order, ['order 1', 'hello', 'order 22'], 100)).toEqual([true, false, true]);
    const evil = compilePattern('^(a+)+$')!;
    const started = performance.now();
    expect(regexMatchesAll(evil, ['aaa', `${'a'.repeat(40)}!`], 50)).toEqual([false, false]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('business hours', () => {
  const weekdays = {
    mon: [{ open: '09:00', close: '17:00' }],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  };
  // Monday 2026-11-30 in Lagos (UTC+1) and in New York (UTC-5).
  const lagos = { timeZone: 'Africa/Lagos', week: weekdays };
  const newYork = { timeZone: 'America/New_York', week: weekdays };

  it('is open exactly from opening to closing, in the business time zone', () => {
    expect(isOpen(lagos, new Date('2026-11-30T07:59:59Z'))).toBe(false); // 08:59:59 Lagos
    expect(isOpen(lagos, new Date('2026-11-30T08:00:00Z'))).toBe(true); // 09:00 Lagos
    expect(isOpen(lagos, new Date('2026-11-30T15:59:59Z'))).toBe(true); // 16:59:59 Lagos
    expect(isOpen(lagos, new Date('2026-11-30T16:00:00Z'))).toBe(false); // 17:00 Lagos
    // The same instant is 03:00 in New York: closed there, open in Lagos.
    expect(isOpen(newYork, new Date('2026-11-30T08:00:00Z'))).toBe(false);
    expect(isOpen(newYork, new Date('2026-11-30T14:00:00Z'))).toBe(true); // 09:00 New York
  });

  it('is closed all of a closed day, and a day boundary follows the time zone', () => {
    // Tuesday 10:00 in Lagos: closed day.
    expect(isOpen(lagos, new Date('2026-12-01T09:00:00Z'))).toBe(false);
    // Monday 23:30 UTC is Tuesday 00:30 in Lagos (closed) but Monday 18:30 in New York (after hours).
    expect(isOpen(lagos, new Date('2026-11-30T23:30:00Z'))).toBe(false);
    const late = {
      timeZone: 'America/New_York',
      week: { ...weekdays, mon: [{ open: '18:00', close: '24:00' }] },
    };
    expect(isOpen(late, new Date('2026-11-30T23:30:00Z'))).toBe(true);
  });
});

describe('the Cloud sandbox and interactive messages', () => {
  const sandbox = new CloudSandboxAdapter({
    webhookUrl: 'http://127.0.0.1:9/none',
    appSecret: 'secret',
    approveAfterMs: 0,
    deliveredDelayMs: 0,
    emit: false,
  });
  const creds = { userId: '1234', password: 'token', provider: 'whatsapp-cloud' as const };
  const send = (interactive: unknown) =>
    sandbox.send(creds, {
      to: '+2348031234567',
      text: 'x',
      session: { mediaKind: null },
      interactive: interactive as never,
    });

  it('refuses what Meta refuses, with 131009 and the parameter named', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'button', body: { text: 'b' }, action: { buttons: [] } }, 'interactive.action.buttons'],
      [
        {
          type: 'button',
          body: { text: 'b' },
          action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'x'.repeat(21) } }] },
        },
        'interactive.action.buttons[0].reply.title',
      ],
      [
        {
          type: 'list',
          body: { text: 'b' },
          action: { button: 'Menu', sections: [{ rows: [{ id: 'r', title: 't'.repeat(25) }] }] },
        },
        'interactive.action.sections[0].rows[0].title',
      ],
    ];
    for (const [interactive, path] of cases) {
      const err = await send(interactive).catch((e) => e);
      expect(err).toBeInstanceOf(MessagingError);
      expect(err).toMatchObject({ code: '131009', transient: false });
      expect(err.reason).toContain(path);
    }
  });

  it('takes a valid list', async () => {
    const ok = await send({
      type: 'list',
      body: { text: 'Menu' },
      action: { button: 'Open', sections: [{ rows: [{ id: 'r1', title: 'One' }] }] },
    });
    expect(ok.providerMessageId).toBeTruthy();
  });
});
