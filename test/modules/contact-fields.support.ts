import { expect } from 'vitest';
import type { TestUser } from '../factories.js';
import type { TestApp } from '../harness.js';

/** One field of each type, as the contact fields and segments tests use them. */
export const FIELD_SET = [
  { key: 'city', label: 'City', type: 'text' },
  { key: 'orders', label: 'Orders', type: 'number' },
  { key: 'birthday', label: 'Birthday', type: 'date' },
  { key: 'vip', label: 'VIP', type: 'boolean' },
  { key: 'plan', label: 'Plan', type: 'choice', choices: ['Gold', 'Silver'] },
] as const;

export async function defineFields(t: TestApp, user: TestUser) {
  for (const f of FIELD_SET) {
    const res = await t.request({ url: '/contact-fields', token: user.accessToken, body: f });
    expect(res.status, res.text).toBe(201);
  }
}
