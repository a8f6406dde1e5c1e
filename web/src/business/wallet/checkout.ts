import { useState } from 'react';
import { unwrap } from '../../api/client';
import { errorText } from '../../api/errors';

/** What a payment link route answers: the provider's checkout page. */
type LinkAnswer = Parameters<typeof unwrap<{ authorization_url: string }>>[0];

/**
 * Asks the service for a payment link and goes to the provider's checkout (the return page verifies the
 * payment). Busy until the browser leaves; a refusal is said and the button works again.
 */
export function useCheckout() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async (link: () => LinkAnswer) => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign((await unwrap(link())).authorization_url);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return { go, error, busy };
}
