import { Alert, Group, Radio, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import { campaignEstimateQuery } from '../../../api/queries/campaigns';
import type { Body } from '../../../api/types';
import { useSession } from '../../../auth/session';
import { formatNumber } from '../../../ui/format';
import { SectionCard } from '../../../ui/page';
import { LimitEstimate } from '../LimitEstimate';
import type { ComposerForm } from './composer-form';

type EstimateBody = Body<'/api/v1/campaigns/estimate', 'post'>;

/** What the audience costs, against the balance, and whether credits or the plan pay for it. */
export function PriceStep({
  form,
  audience,
}: {
  form: ComposerForm;
  audience: Omit<EstimateBody, 'messageType'>;
}) {
  const session = useSession();
  const v = form.values;
  // Asked again once the audience has stopped changing for a moment (typing, ticking contacts): the body is
  // debounced as its JSON text, which stays equal from one render to the next.
  const [estimateJson] = useDebouncedValue(JSON.stringify({ ...audience, messageType: v.messageType }), 300);
  const estimateBody: EstimateBody = JSON.parse(estimateJson);
  const estimate = useQuery({
    ...campaignEstimateQuery(estimateBody),
    retry: false,
    // Rates change (the platform's settings): back on the tab, the price is asked again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const e = estimate.data;
  return (
    <SectionCard title="Price" gap="xs">
      {e ? (
        <Text role="status" data-testid="estimate">
          {formatNumber(e.recipients)} recipients · {formatNumber(e.credits, 2)} credits · your balance{' '}
          {formatNumber(e.balance, 2)} credits
          {e.evaluatedNow &&
            ' (recipients counted now: the segment is evaluated again when the campaign goes out)'}
        </Text>
      ) : estimate.isError ? (
        <Text role="alert">{errorText(estimate.error)}</Text>
      ) : (
        <Text size="sm">The price is computed when you publish.</Text>
      )}
      <LimitEstimate estimate={e} />
      {e && !e.enough && v.paymentMethod === 'credit' && (
        <Alert color="orange" title="Not enough credits">
          Buy credits in the wallet, or save a draft and come back.
        </Alert>
      )}
      <Radio.Group label="Pay with" {...form.getInputProps('paymentMethod')}>
        <Group mt={4}>
          <Radio value="credit" label="Credits" />
          <Radio value="plan" label="My plan" disabled={!session.business?.userPlan} />
        </Group>
      </Radio.Group>
    </SectionCard>
  );
}
