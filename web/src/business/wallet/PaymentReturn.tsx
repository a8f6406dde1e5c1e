import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError, errorText } from '../../api/errors';
import { paymentKeys, paymentVerificationQuery } from '../../api/queries/payments';
import { planKeys } from '../../api/queries/plans';
import { sessionQuery } from '../../auth/session';
import { formatNumber } from '../../ui/format';
import { PageHeader } from '../../ui/page';

const route = getRouteApi('/app/wallet/return');

/** Where the provider's checkout sends the buyer back: confirms the payment and shows what it bought. */
export function PaymentReturn() {
  const { reference } = route.useSearch();
  const queryClient = useQueryClient();
  const verify = useQuery({
    ...paymentVerificationQuery(reference ?? ''),
    enabled: !!reference,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The provider's webhook often settles the payment before the buyer is back: verify then answers
  // "already processed" with the settled status, which for a successful payment is the good news.
  const settledBefore = verify.error instanceof ApiError && verify.error.details.status === 'successful';
  useEffect(() => {
    if (verify.isSuccess || settledBefore) {
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    }
  }, [verify.isSuccess, settledBefore, queryClient]);
  const t = verify.data?.transaction;
  return (
    <Stack maw={560}>
      <PageHeader title="Payment" />
      {!reference && (
        <Alert color="red">This page needs the payment reference the provider sends back.</Alert>
      )}
      {verify.isPending && reference && <Text role="status">Confirming your payment with the provider…</Text>}
      {settledBefore && (
        <Alert color="green" title="Payment successful" role="status">
          Your payment was confirmed and the credits are in your wallet.
        </Alert>
      )}
      {verify.isError && !settledBefore && (
        <Alert color="red" title="Payment not confirmed" role="alert">
          {errorText(verify.error)}
        </Alert>
      )}
      {t && (
        <Alert
          color={t.status === 'successful' ? 'green' : 'orange'}
          title={t.status === 'successful' ? 'Payment successful' : `Payment ${t.status}`}
          role="status"
        >
          {t.credits ? `${formatNumber(t.credits)} credits added. ` : ''}Your balance is{' '}
          {formatNumber(verify.data?.wallet.balance, 2)} credits.
        </Alert>
      )}
      <Button component={Link} to="/wallet" w="fit-content">
        Back to the wallet
      </Button>
    </Stack>
  );
}
