/**
 * Contact fields in what a campaign sends (issue 39): a template parameter `{ field, fallback }` and a
 * message's `{{key|fallback}}` take the contact's value at send time, the fallback when it has none.
 */
import { describe, expect, it } from 'vitest';
import { personalise } from '../../src/jobs/send-policy.js';
import { parameterValue } from '../../src/modules/templates/index.js';
import { templateParameter } from '../../src/modules/templates/templates.schemas.js';

const ada = {
  firstName: 'Ada',
  lastName: 'Obi',
  phoneNumber: '+2348031000001',
  fields: { city: 'Lagos', orders: 3, vip: false },
};
const bare = { firstName: 'Bo', lastName: '', phoneNumber: '+2348031000002', fields: null };

describe('contact fields in template parameters and messages', () => {
  it('a template parameter takes a field by key, with a fallback', () => {
    expect(parameterValue({ field: 'city', fallback: 'your city' }, ada)).toBe('Lagos');
    expect(parameterValue({ field: 'orders' }, ada)).toBe('3');
    expect(parameterValue({ field: 'vip' }, ada)).toBe('false');
    expect(parameterValue({ field: 'city', fallback: 'your city' }, bare)).toBe('your city');
    expect(parameterValue({ field: 'city' }, bare)).toBe('-');
    expect(parameterValue({ field: 'lastName', fallback: 'friend' }, bare)).toBe('friend');
    expect(parameterValue({ field: 'firstName' }, ada)).toBe('Ada');
  });

  it('the parameter schema takes built-in names and field keys only', () => {
    expect(templateParameter.safeParse({ field: 'city', fallback: 'there' }).success).toBe(true);
    expect(templateParameter.safeParse({ field: 'firstName' }).success).toBe(true);
    expect(templateParameter.safeParse({ field: 'City Name' }).success).toBe(false);
    expect(templateParameter.safeParse({ field: 'city', fallback: '' }).success).toBe(false);
  });

  it("a message fills {{key}} and {{key|fallback}} of the business's fields in one pass, leaving the rest", () => {
    const keys = new Set(['city', 'orders', 'plan']);
    expect(personalise('Hi {{firstName}} in {{city|your city}} ({{ orders }})', ada, keys)).toBe(
      'Hi Ada in Lagos (3)',
    );
    expect(personalise('Hi {{ firstName }} in {{city|your city}}{{plan}}!', bare, keys)).toBe(
      'Hi Bo in your city!',
    );
    expect(personalise('Code {{1}} for {{Name}}', ada, keys)).toBe('Code {{1}} for {{Name}}');
    // A word in braces that names no field of the business is sent as written.
    expect(personalise('Write to {{email}}', ada, keys)).toBe('Write to {{email}}');
    // A value that looks like a placeholder is sent as written.
    expect(
      personalise('{{firstName}} {{city}}', { ...bare, firstName: '{{city}}', fields: { city: 'X' } }, keys),
    ).toBe('{{city}} X');
  });
});
