import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { campaignKeys } from '../../api/queries/campaigns';
import type { Data } from '../../api/types';
import { formatNumber } from '../../ui/format';

type Campaign = Data<'/api/v1/campaigns/{id}', 'get'>;
type Action = 'pause' | 'resume' | 'cancel' | 'retry';

const DONE: Record<Action, string> = {
  pause: 'Campaign paused',
  resume: 'Campaign resumed',
  cancel: 'Campaign cancelled and refunded',
  retry: 'Failed messages queued again',
};

/**
 * The campaign's controls, each shown only when it applies: pause while it sends, resume while paused,
 * cancel while it waits for its time, retry what was given up after a temporary failure (with its price).
 */
export function CampaignControls({ campaign: c }: { campaign: Campaign }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Action | null>(null);
  const id = c.id;
  const retry = useQuery({
    queryKey: [...campaignKeys.all, 'retry', id],
    queryFn: () => unwrap(api.GET('/api/v1/campaigns/{id}/retry', { params: { path: { id } } })),
    enabled: c.state === 'completed' && !c.stoppedAt,
  });

  const run = async (action: Action) => {
    if (
      action === 'cancel' &&
      !window.confirm(`Cancel "${c.name}"? Its cost is refunded and it becomes a draft.`)
    )
      return;
    if (
      action === 'retry' &&
      !window.confirm(
        `Send ${retry.data?.messages ?? 0} messages again for ${formatNumber(retry.data?.credits, 2)} credits?`,
      )
    )
      return;
    setBusy(action);
    try {
      const params = { params: { path: { id } } };
      if (action === 'pause') await unwrap(api.POST('/api/v1/campaigns/{id}/pause', params));
      if (action === 'resume') await unwrap(api.POST('/api/v1/campaigns/{id}/resume', params));
      if (action === 'cancel') await unwrap(api.POST('/api/v1/campaigns/{id}/cancel', params));
      if (action === 'retry') await unwrap(api.POST('/api/v1/campaigns/{id}/retry', params));
      notifications.show({ color: 'teal', message: DONE[action] });
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not done', message: errorText(err) });
    } finally {
      setBusy(null);
    }
  };

  const button = (
    action: Action,
    label: string,
    variant: 'filled' | 'outline' = 'outline',
    color?: string,
  ) => (
    <Button
      variant={variant}
      color={color}
      loading={busy === action}
      disabled={!!busy}
      onClick={() => void run(action)}
    >
      {label}
    </Button>
  );
  return (
    <>
      {c.state === 'sending' && button('pause', 'Pause')}
      {c.pausedAt && button('resume', 'Resume', 'filled')}
      {c.status === 'scheduled' && button('cancel', 'Cancel', 'outline', 'red.9')}
      {(retry.data?.messages ?? 0) > 0 &&
        button(
          'retry',
          `Retry ${formatNumber(retry.data?.messages)} failed (${formatNumber(retry.data?.credits, 2)} credits)`,
        )}
    </>
  );
}
