import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications, transactions, webhookEvents } from '../../src/platform/db/schema/index.js';
import type { TestApp } from '../harness.js';

/** Shared steps of the payments, webhook and affiliate test files. */

export async function transactionByReference(t: TestApp, reference: string) {
  const [row] = await t.db.select().from(transactions).where(eq(transactions.reference, reference));
  return row!;
}

export async function transactionsOf(t: TestApp, businessId: string) {
  return t.db.select().from(transactions).where(eq(transactions.businessId, businessId));
}

export async function paymentNotifications(t: TestApp, businessId: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.receiverId, businessId), eq(notifications.type, 'payment.succeeded')));
}

/** Opens a credit checkout through the API and returns its reference. */
export async function openCreditCheckout(t: TestApp, token: string, totalCredit = 100): Promise<string> {
  const res = await t.request({ url: '/payments/credit-link', token, body: { totalCredit } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.reference as string;
}

export async function openPlanCheckout(t: TestApp, token: string, planId: string): Promise<string> {
  const res = await t.request({ url: '/payments/plan-link', token, body: { planId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.reference as string;
}

/**
 * Webhook events are processed after the 200 answer: waits until the event stored under `eventKey` has left
 * `received`, and returns it.
 */
export async function settledEvent(t: TestApp, eventKey: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, eventKey));
    if (row && row.status !== 'received') return row;
    if (Date.now() > deadline)
      throw new Error(`event ${eventKey} not processed (${row?.status ?? 'absent'})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function eventsWithKey(t: TestApp, eventKey: string) {
  return t.db.select().from(webhookEvents).where(eq(webhookEvents.eventKey, eventKey));
}

/** A ten-digit account number unlikely to repeat within a file. */
export function randomAccountNumber(): string {
  return String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
}

/** Saves a bank account through the API, the provider simulator knowing its holder. */
export async function saveBankAccount(
  t: TestApp,
  sim: { addAccount(bankCode: string, accountNumber: string, name: string): void },
  token: string,
  opts: { bankCode?: string; accountNumber?: string; holder?: string } = {},
) {
  const code = opts.bankCode ?? '058';
  const accountNumber = opts.accountNumber ?? randomAccountNumber();
  sim.addAccount(code, accountNumber, opts.holder ?? 'ADA LOVELACE');
  const res = await t.request({
    url: '/affiliate/bank-accounts',
    token,
    body: { bankName: 'Guaranty Trust Bank', accountName: 'Ada Lovelace', accountNumber, code },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; accountNumber: string; accountName: string };
}

/** Posts a signed provider event through `inject` (for files whose app does not listen on a port). */
export async function postSignedEvent(
  t: TestApp,
  sim: { sign(event: unknown): { body: string; signature: string } },
  event: unknown,
) {
  const { body, signature } = sim.sign(event);
  const res = await t.request({
    url: '/webhooks/payment-provider',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-payment-provider-signature': signature },
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The refunds recorded against one withdrawal (there must never be more than one). */
export async function refundsOf(t: TestApp, withdrawalId: string) {
  return t.db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.kind, 'withdrawal_refund'), eq(transactions.relatedTransactionId, withdrawalId)),
    );
}

/** Makes a transaction look untouched for `minutes` (the reconciliation job only takes stale ones). */
export async function ageTransaction(t: TestApp, reference: string, minutes = 60) {
  await t.db
    .update(transactions)
    .set({ updatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(transactions.reference, reference));
}

export async function withdraw(t: TestApp, token: string, bankAccountId: string, amount: number) {
  return t.request({ url: '/affiliate/withdraw', token, body: { bankAccountId, amount } });
}
