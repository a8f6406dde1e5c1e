import { BusinessRuleError, UpstreamError } from '../../platform/http/errors.js';
import { PaymentProviderError } from '../../providers/payment/payment.port.js';

/**
 * The provider rejecting what the client sent (4xx) is the client's 400; anything else (the provider down,
 * refusing our key, rate-limiting us) is upstream, a 500 with the reason.
 */
export function providerError(err: unknown, what: string): Error {
  if (!(err instanceof PaymentProviderError)) return err instanceof Error ? err : new Error(String(err));
  if (err.status && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 429)
    return new BusinessRuleError(`${what}: ${err.message}`);
  return new UpstreamError(`${what}: ${err.message}`);
}
