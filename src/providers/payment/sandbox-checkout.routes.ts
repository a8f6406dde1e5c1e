import { Decimal } from 'decimal.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseUrl } from '../../platform/net/parse-url.js';
import type { SandboxPayment, SandboxPaymentAdapter } from './sandbox.adapter.js';

export const SANDBOX_CHECKOUT_PREFIX = '/sandbox/payment/checkout';
/** The service's own payment webhook (under /api/v1), where the sandbox posts its signed events. */
const WEBHOOK_PATH = '/api/v1/webhooks/payment-provider';

/**
 * The sandbox's hosted checkout (what `authorization_url` opens when no provider is configured): a page
 * with Pay and Cancel. Paying settles the sandbox payment and posts a signed `charge.success` to the
 * service's own webhook, in-process, so the flow works whatever PUBLIC_URL points at.
 */
export async function sandboxCheckoutRoutes(
  app: FastifyInstance,
  { sandbox }: { sandbox: SandboxPaymentAdapter },
) {
  sandbox.setEventSink(async (event) => {
    const payload = JSON.stringify(event);
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-payment-provider-signature': sandbox.sign(payload) },
      payload,
    });
    if (res.statusCode !== 200) app.log.warn({ status: res.statusCode }, 'sandbox webhook not accepted');
  });
  app.addHook('onClose', async () => sandbox.close());

  const config = { auth: 'public' as const, apiObject: 'payment', formBody: true };
  type CheckoutRequest = { Params: { reference: string }; Body: { action?: string } | undefined };

  app.get<CheckoutRequest>(
    `${SANDBOX_CHECKOUT_PREFIX}/:reference`,
    { config, schema: { hide: true } },
    async (req, reply) => {
      const payment = sandbox.checkout(req.params.reference);
      if (!payment) return page(reply, 404, 'Checkout not found', '<p>This checkout does not exist.</p>');
      if (payment.status !== 'pending') return page(reply, 200, 'Checkout closed', outcomeHtml(payment));
      return page(reply, 200, 'Sandbox checkout', checkoutForm(payment));
    },
  );

  app.post<CheckoutRequest>(
    `${SANDBOX_CHECKOUT_PREFIX}/:reference`,
    { config, schema: { hide: true } },
    async (req, reply) => {
      const reference = req.params.reference;
      const action = req.body?.action;
      if (!sandbox.checkout(reference))
        return page(reply, 404, 'Checkout not found', '<p>This checkout does not exist.</p>');
      if (action !== 'pay' && action !== 'cancel')
        return page(reply, 400, 'Sandbox checkout', '<p>Choose Pay or Cancel.</p>');
      const settled = sandbox.settle(reference, action === 'pay' ? 'success' : 'abandoned');
      if (settled?.status === 'success') await sandbox.emit(sandbox.chargeSuccessEvent(settled));
      const payment = sandbox.checkout(reference)!;
      return page(reply, 200, 'Sandbox checkout', outcomeHtml(payment));
    },
  );
}

function checkoutForm(p: SandboxPayment): string {
  return `
<p class="muted">Sandbox payment provider: no money moves and no card is needed.</p>
<dl>
  <dt>Amount</dt><dd class="amount">${escapeHtml(formatAmount(p))}</dd>
  <dt>E-mail</dt><dd>${escapeHtml(p.input.email)}</dd>
  <dt>Reference</dt><dd><code>${escapeHtml(p.input.reference)}</code></dd>
</dl>
<form method="post">
  <button name="action" value="pay" class="pay">Pay ${escapeHtml(formatAmount(p))}</button>
  <button name="action" value="cancel" class="cancel">Cancel</button>
</form>`;
}

function outcomeHtml(p: SandboxPayment): string {
  const back = p.input.callbackUrl
    ? `<p><a href="${escapeHtml(withReference(p.input.callbackUrl, p.input.reference))}">Return to the merchant</a></p>`
    : '<p>You can close this window.</p>';
  const text =
    p.status === 'success'
      ? `Payment of ${formatAmount(p)} successful.`
      : p.status === 'abandoned'
        ? 'Payment cancelled. Nothing was charged.'
        : `Payment ${p.status}.`;
  return `<p class="${p.status}">${escapeHtml(text)}</p>
<p>Reference <code>${escapeHtml(p.input.reference)}</code></p>${back}`;
}

function withReference(callbackUrl: string, reference: string): string {
  const url = parseUrl(callbackUrl);
  if (!url) return callbackUrl;
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

function formatAmount(p: SandboxPayment): string {
  return `${p.input.currency} ${new Decimal(p.input.amountMinor).div(100).toFixed(2)}`;
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The service-wide `no-referrer` makes the browser send `Origin: null` with the Pay/Cancel post,
      // which the cross-site guard refuses for a signed-in browser; `same-origin` sends our own origin.
      .header('referrer-policy', 'same-origin')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#666}.amount{font-weight:600}
button{font-size:1rem;padding:.6rem 1.2rem;border:0;border-radius:.4rem;cursor:pointer;margin-right:.5rem}
.pay{background:#0a7d3b;color:#fff}.cancel{background:#ddd}.muted{color:#666}
.success{color:#0a7d3b;font-weight:600}.abandoned{color:#a33;font-weight:600}
</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`)
  );
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
