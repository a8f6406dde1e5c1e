import { useQueryClient } from '@tanstack/react-query';
import { templateKeys } from '../../api/queries/templates';
import { useLiveEvent } from '../../realtime/socket';

/**
 * Keeps every template list on screen current: a status the provider decided (approved, rejected, paused…)
 * arrives on the real-time channel, and the lists are read again.
 */
export function useLiveTemplates(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: templateKeys.all });
  useLiveEvent('templateStatus', refresh);
  useLiveEvent('notification', (n) => {
    if (n.type.startsWith('template')) refresh();
  });
}
