import { describe, expect, it } from 'vitest';
import {
  classifyCloudError,
  classifyGatewayFailure,
  FAILURE_TABLE,
} from '../../src/providers/messaging/cloud-errors.js';

describe('the failure table: each provider cause to one outcome and plain words', () => {
  const codeRows = FAILURE_TABLE.filter((r) => r.provider === 'cloud' && /^code \d+$/.test(r.match));

  it.each(codeRows.map((r) => [r.match, r.outcome, r.words]))(
    'Cloud %s: %s, in its words',
    (match, outcome, words) => {
      const code = Number(match.replace('code ', ''));
      const cls = classifyCloudError(400, code, 'Provider title');
      expect(cls.outcome).toBe(outcome);
      expect(cls.reason).toContain(words);
      expect(cls.reason).toContain(`code ${code}`);
    },
  );

  it('the template range stops the campaign, the permission range too', () => {
    expect(classifyCloudError(400, 132005, 'Translated text too long').outcome).toBe('stop');
    expect(classifyCloudError(400, 132015, 'Template paused').reason).toContain("campaign's template");
    expect(classifyCloudError(403, 250, 'Permission').outcome).toBe('stop');
  });

  it('HTTP 429 and 5xx are tried again whatever the code; an unknown code fails that message', () => {
    expect(classifyCloudError(429, null, '')).toMatchObject({ outcome: 'retry', throttled: true });
    expect(classifyCloudError(503, 131026, '')).toMatchObject({ outcome: 'retry', throttled: false });
    expect(classifyCloudError(400, 999_999, 'Odd')).toMatchObject({ outcome: 'fail' });
    expect(classifyCloudError(400, 999_999, 'Odd').reason).toContain('Odd');
  });

  it('throttling codes slow the number down (130429, 131056, 80007, 4)', () => {
    for (const code of [130429, 131056, 80007, 4])
      expect(classifyCloudError(400, code, '')).toMatchObject({ outcome: 'retry', throttled: true });
  });

  const causes: [string, string][] = [
    ['RATE_LIMITED', 'retry'],
    ['Request timed out', 'retry'],
    ['MARKETING_FREQUENCY_CAP', 'defer'],
    ['USER_STOPPED_MARKETING opt-out', 'optout'],
    ['TEMPLATE_PAUSED', 'stop'],
    ['AUTHENTICATION_FAILED', 'stop'],
    ['UNKNOWN_SUBSCRIBER', 'fail'],
    ['INVALID_NUMBER', 'fail'],
    ['EXPIRED', 'fail'],
  ];
  it.each(causes)('gateway cause %s: %s', (cause, outcome) => {
    expect(classifyGatewayFailure(cause, null).outcome).toBe(outcome);
  });

  it("the gateway's errorCode carrying a Cloud code wins over its cause", () => {
    expect(classifyGatewayFailure('FAILED', '131049')).toMatchObject({ outcome: 'defer' });
    expect(classifyGatewayFailure('FAILED', '131050').reason).toContain('stopped marketing');
    expect(classifyGatewayFailure(null, null)).toMatchObject({
      outcome: 'fail',
      reason: 'Refused by the gateway',
    });
  });

  it('every gateway cause row is covered above', () => {
    const rows = FAILURE_TABLE.filter((r) => r.provider === 'gateway' && r.match.startsWith('cause'));
    for (const row of rows) {
      const pattern = new RegExp(row.match.replace('cause ', ''), 'i');
      expect(
        causes.some(([c, o]) => pattern.test(c) && o === row.outcome),
        row.match,
      ).toBe(true);
    }
  });
});
