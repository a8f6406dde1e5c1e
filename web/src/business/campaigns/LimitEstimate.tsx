import { Alert, Text } from '@mantine/core';
import type { Data } from '../../api/types';
import { useSession } from '../../auth/session';
import { formatDateTime, formatNumber } from '../../ui/format';
import { LimitText } from '../home/NumberHealth';

type Estimate = Data<'/api/v1/campaigns/estimate', 'post'>;

/** What the messaging limit and the number's quality mean for this audience, before publishing. */
export function LimitEstimate({ estimate }: { estimate: Estimate | undefined }) {
  const limit = useSession().business?.messagingLimit;
  const split = estimate?.messagingLimit;
  const low = limit?.qualityRating === 'RED' || limit?.qualityRating === 'FLAGGED';
  return (
    <>
      {limit && <LimitText limit={limit} />}
      {low && (
        <Alert color="red" title={`Number quality: ${limit?.qualityRating}`}>
          Marketing campaigns pause while the quality is low. Send to people who expect your messages.
        </Alert>
      )}
      {split && split.later > 0 && (
        <Text size="sm" role="status" data-testid="limit-estimate">
          {formatNumber(split.sendsNow)} go out now; {formatNumber(split.later)} wait for the messaging limit
          {split.resumesAt ? ` and start at ${formatDateTime(split.resumesAt)}` : ''}.
        </Text>
      )}
    </>
  );
}
