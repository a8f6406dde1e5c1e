import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/app/create-deps.js';
import { testConfig } from '../../src/platform/config.js';
import type { Database } from '../../src/platform/db/client.js';
import { createLogger } from '../../src/platform/logger.js';
import { PaymentProviderError } from '../../src/providers/payment/payment.port.js';
import {
  DEFAULT_PAYMENT_PROVIDER_BASE_URL,
  RestPaymentAdapter,
} from '../../src/providers/payment/rest.adapter.js';
import { SandboxPaymentAdapter } from '../../src/providers/payment/sandbox.adapter.js';
import { signWebhookBody } from '../../src/providers/payment/signature.js';
import { PaymentProviderSimulator, SIM_BANKS } from '../simulators/payment-provider.js';

// The real REST adapter against the provider simulator on loopback: wire format, errors, deadlines.
const sim = await new PaymentProviderSimulator().start();
const adapter = new RestPaymentAdapter({ baseUrl: sim.url, secretKey: sim.secretKey, timeoutMs: 1500 });
afterAll(async () => {
  await adapter.close();
  await sim.stop();
});

async function caught(p: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

describe('payment REST adapter', () => {
  it('opens a checkout with the Bearer key, the amount in kobo and stringified metadata', async () => {
    const res = await adapter.initialize({
      email: 'payer@example.test',
      amountMinor: 300000,
      currency: 'NGN',
      reference: 'credit-adapter1',
      metadata: { purpose: 'credit_purchase', totalCredit: 100 },
    });
    expect(res.authorizationUrl).toMatch(/^https:\/\/checkout\.sim\.test\//);
    expect(res.accessCode).not.toBe('');
    expect(res.reference).toBe('credit-adapter1');
    const req = sim.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: '/transaction/initialize' });
    expect(req.headers.authorization).toBe(`Bearer ${sim.secretKey}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toMatchObject({ email: 'payer@example.test', amount: '300000', currency: 'NGN' });
    expect(JSON.parse(req.body!.metadata as string)).toEqual({
      purpose: 'credit_purchase',
      totalCredit: 100,
    });
  });

  it('reads a verification: status, amount in kobo, currency, provider id', async () => {
    await adapter.initialize({
      email: 'a@example.test',
      amountMinor: 5000,
      currency: 'NGN',
      reference: 'credit-adapter2',
      metadata: {},
    });
    expect((await adapter.verify('credit-adapter2')).status).toBe('abandoned');
    const paid = sim.pay('credit-adapter2');
    const v = await adapter.verify('credit-adapter2');
    expect(v).toMatchObject({
      reference: 'credit-adapter2',
      status: 'success',
      amountMinor: 5000,
      currency: 'NGN',
      providerId: String(paid.id),
    });
    expect(v.paidAt).toBe(paid.paidAt);
  });

  it('turns a provider error answer into a PaymentProviderError carrying its message and status', async () => {
    const notFound = await caught(adapter.verify('no-such-reference'));
    expect(notFound.status).toBe(404);
    expect(notFound.message).toBe('Payment provider: Transaction reference not found');
    expect(notFound.ambiguous).toBe(false);

    const badKey = new RestPaymentAdapter({ baseUrl: sim.url, secretKey: 'sk_wrong', timeoutMs: 1000 });
    const unauthorised = await caught(badKey.listBanks());
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.message).toBe('Payment provider: Invalid key');
    await badKey.close();
  });

  it('pages through the bank list with the cursor', async () => {
    const before = sim.requests.length;
    const banks = await adapter.listBanks();
    expect(banks).toEqual(SIM_BANKS);
    const pages = sim.requests.slice(before).filter((r) => r.path === '/bank');
    expect(pages.length).toBe(3);
    expect(pages[0]!.query).toMatchObject({ country: 'nigeria', currency: 'NGN', use_cursor: 'true' });
    expect(pages[1]!.query.next).toBe('2');
  });

  it('resolves an account, and reports an unknown one as a 422', async () => {
    sim.addAccount('058', '0123456789', 'ADA LOVELACE');
    expect(await adapter.resolveAccount('0123456789', '058')).toEqual({
      accountNumber: '0123456789',
      accountName: 'ADA LOVELACE',
      bankCode: '058',
    });
    expect(sim.requests.at(-1)!.query).toEqual({ account_number: '0123456789', bank_code: '058' });
    const err = await caught(adapter.resolveAccount('0000000000', '058'));
    expect(err.status).toBe(422);
    expect(err.message).toContain('Could not resolve account name');
  });

  it('creates a nuban recipient and sends a transfer from the balance in kobo', async () => {
    const { recipientCode } = await adapter.createTransferRecipient({
      name: 'ADA LOVELACE',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    expect(recipientCode).toMatch(/^RCP_/);
    expect(sim.requests.at(-1)!.body).toEqual({
      type: 'nuban',
      name: 'ADA LOVELACE',
      account_number: '0123456789',
      bank_code: '058',
      currency: 'NGN',
    });
    const transfer = await adapter.transfer({
      amountMinor: 150050,
      recipientCode,
      reference: 'withdrawal_adapter_0001',
      reason: 'Payout',
    });
    expect(transfer.transferCode).toMatch(/^TRF_/);
    expect(transfer.status).toBe('pending');
    expect(sim.requests.at(-1)!.body).toEqual({
      source: 'balance',
      amount: 150050,
      recipient: recipientCode,
      reason: 'Payout',
      reference: 'withdrawal_adapter_0001',
      currency: 'NGN',
    });
  });

  it('gives up at its deadline: a lost POST answer is ambiguous, a lost GET is not', async () => {
    sim.failNext('POST', '/transfer', { kind: 'hang' });
    const started = Date.now();
    const post = await caught(
      adapter.transfer({
        amountMinor: 100,
        recipientCode: 'RCP_x',
        reference: 'withdrawal_hang_00001',
        reason: 'x',
      }),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(post.message).toBe('Payment provider timed out');
    expect(post.ambiguous).toBe(true);

    sim.failNext('GET', '/transaction/verify', { kind: 'hang' });
    const get = await caught(adapter.verify('credit-adapter2'));
    expect(get.ambiguous).toBe(false);
  });

  it('reports a dropped connection (ambiguous for a POST) and an unreadable answer', async () => {
    sim.failNext('POST', '/transaction/initialize', { kind: 'reset' });
    const reset = await caught(
      adapter.initialize({
        email: 'a@example.test',
        amountMinor: 1,
        currency: 'NGN',
        reference: 'r-1',
        metadata: {},
      }),
    );
    expect(reset.ambiguous).toBe(true);

    sim.failNext('GET', '/bank', { kind: 'garbage' });
    const garbage = await caught(adapter.listBanks());
    expect(garbage.message).toBe('Payment provider returned an unreadable answer');

    sim.failNext('POST', '/transfer', { kind: 'error', status: 400, message: 'Insufficient balance' });
    const refused = await caught(
      adapter.transfer({
        amountMinor: 100,
        recipientCode: 'RCP_x',
        reference: 'withdrawal_refused_001',
        reason: 'x',
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      ambiguous: false,
      message: 'Payment provider: Insufficient balance',
    });
  });

  it('knows a refused connection never reached the provider', async () => {
    const port = await freePort();
    const nowhere = new RestPaymentAdapter({
      baseUrl: `http://127.0.0.1:${port}`,
      secretKey: 'k',
      timeoutMs: 1000,
    });
    const err = await caught(
      nowhere.transfer({
        amountMinor: 1,
        recipientCode: 'R',
        reference: 'withdrawal_nowhere_01',
        reason: 'x',
      }),
    );
    expect(err.message).toBe('Payment provider unreachable');
    expect(err.ambiguous).toBe(false);
    await nowhere.close();
  });

  async function transferWith(reference: string) {
    const { recipientCode } = await adapter.createTransferRecipient({
      name: 'ADA LOVELACE',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    return caught(adapter.transfer({ amountMinor: 100, recipientCode, reference, reason: 'x' }));
  }

  it.each([502, 503, 504])(
    'reads a %i to a POST as ambiguous (a gateway may have given up while the provider acted)',
    async (status) => {
      sim.failNext('POST', '/transfer', { kind: 'gateway', status });
      const err = await transferWith(`withdrawal_gateway_${status}_01`);
      expect(err).toMatchObject({ status, ambiguous: true });
      expect(sim.transfers.has(`withdrawal_gateway_${status}_01`)).toBe(true);
    },
  );

  it('reads an unreadable 2xx to a POST as ambiguous, a 4xx as a refusal, any failed GET as not ambiguous', async () => {
    sim.failNext('POST', '/transfer', { kind: 'garbage' });
    expect(await transferWith('withdrawal_garbage_0001')).toMatchObject({
      status: 200,
      ambiguous: true,
      message: 'Payment provider returned an unreadable answer',
    });
    sim.failNext('POST', '/transfer', { kind: 'error', status: 422, message: 'Invalid recipient' });
    expect(await transferWith('withdrawal_refused_0002')).toMatchObject({ status: 422, ambiguous: false });
    sim.failNext('GET', '/transaction/verify', { kind: 'error', status: 503, message: 'Down' });
    expect(await caught(adapter.verify('credit-adapter3'))).toMatchObject({ status: 503, ambiguous: false });
  });

  it("verifies a transfer by reference; only the provider's own 404 means it never received it", async () => {
    const { recipientCode } = await adapter.createTransferRecipient({
      name: 'ADA LOVELACE',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    const sent = await adapter.transfer({
      amountMinor: 4200,
      recipientCode,
      reference: 'withdrawal_verify_0001',
      reason: 'x',
    });
    expect(await adapter.verifyTransfer('withdrawal_verify_0001')).toEqual({
      reference: 'withdrawal_verify_0001',
      status: 'pending',
      transferCode: sent.transferCode,
      amountMinor: 4200,
    });
    expect(sim.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/transfer/verify/withdrawal_verify_0001',
    });
    expect(await adapter.verifyTransfer('withdrawal_never_sent_01')).toBeNull();

    // A 404 page from something in front of the provider says nothing about the transfer.
    sim.failNext('GET', '/transfer/verify', { kind: 'gateway', status: 404 });
    expect(await caught(adapter.verifyTransfer('withdrawal_never_sent_01'))).toMatchObject({
      status: 404,
      ambiguous: false,
    });
    sim.failNext('GET', '/transfer/verify', { kind: 'error', status: 401, message: 'Invalid key' });
    expect(await caught(adapter.verifyTransfer('withdrawal_never_sent_01'))).toMatchObject({ status: 401 });
  });

  it('checks webhook signatures: HMAC-SHA512 hex of the exact bytes, nothing else', () => {
    const body = Buffer.from('{"event":"charge.success","data":{"reference":"x"}}');
    const good = signWebhookBody(sim.secretKey, body);
    expect(adapter.verifySignature(body, good)).toBe(true);
    expect(adapter.verifySignature(body, good.toUpperCase())).toBe(true);
    expect(adapter.verifySignature(Buffer.from(`${body.toString()} `), good)).toBe(false);
    expect(adapter.verifySignature(body, signWebhookBody('another-secret', body))).toBe(false);
    expect(adapter.verifySignature(body, good.slice(0, 64))).toBe(false);
    expect(adapter.verifySignature(body, 'zz'.repeat(64))).toBe(false);
    expect(adapter.verifySignature(body, undefined)).toBe(false);
    expect(adapter.verifySignature(body, '')).toBe(false);
  });
});

describe('payment adapter wiring', () => {
  const database = {} as Database;
  const logger = createLogger('silent');

  it('uses the REST adapter when the secret key is set, on the public API by default', () => {
    const deps = createDeps(testConfig({ PAYMENT_PROVIDER_SECRET_KEY: 'sk_live_x' }), database, logger);
    expect(deps.payment).toBeInstanceOf(RestPaymentAdapter);
    expect(DEFAULT_PAYMENT_PROVIDER_BASE_URL).toBe('https://api.paystack.co');
  });

  it('uses the sandbox checkout without a secret key', () => {
    const deps = createDeps(testConfig({}), database, logger);
    expect(deps.payment).toBeInstanceOf(SandboxPaymentAdapter);
  });

  it('the sandbox knows the transfers it was sent, and no others', async () => {
    const sandbox = new SandboxPaymentAdapter('http://127.0.0.1:4000', 'sandbox-secret');
    const sent = await sandbox.transfer({
      amountMinor: 500,
      recipientCode: 'RCP_sandbox_0123456789',
      reference: 'withdrawal_sandbox_0001',
      reason: 'x',
    });
    expect(await sandbox.verifyTransfer('withdrawal_sandbox_0001')).toEqual({
      reference: 'withdrawal_sandbox_0001',
      status: 'pending',
      transferCode: sent.transferCode,
      amountMinor: 500,
    });
    expect(await sandbox.verifyTransfer('withdrawal_sandbox_0002')).toBeNull();
    await sandbox.close();
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
