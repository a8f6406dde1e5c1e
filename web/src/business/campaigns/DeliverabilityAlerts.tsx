import { Alert } from '@mantine/core';
import type { Data } from '../../api/types';
import { formatDateTime, formatNumber } from '../../ui/format';

type Campaign = Data<'/api/v1/campaigns/{id}', 'get'>;

/** Why a campaign being delivered is not sending: paused (by the business or a quality drop), or waiting for the limit. */
export function DeliverabilityAlerts({ campaign: c }: { campaign: Campaign }) {
  return (
    <>
      {c.pausedAt && (
        <Alert color="orange" title="Paused" role="status" data-testid="paused">
          {c.pauseReason ?? 'Paused'} (since {formatDateTime(c.pausedAt)}). Its remaining messages wait until
          you resume it.
        </Alert>
      )}
      {c.waitingForLimit && (
        <Alert
          color="blue"
          title="Waiting for the messaging limit"
          role="status"
          data-testid="waiting-for-limit"
        >
          {formatNumber(c.waitingForLimit.waiting)} messages wait for your number's messaging limit
          {c.waitingForLimit.resumesAt
            ? `; sending resumes by itself at ${formatDateTime(c.waitingForLimit.resumesAt)}.`
            : '; sending resumes by itself when it frees.'}
        </Alert>
      )}
    </>
  );
}
