import { useQueryClient } from '@tanstack/react-query';
import { affiliateKeys } from '../api/queries/affiliate';
import { useLiveEvent } from '../realtime/socket';

/**
 * A settled (or failed) transfer, a new commission: the service announces each with a notification to the
 * business's room; the page refetches its balance and history when one arrives.
 */
export function useAffiliateLive(): void {
  const queryClient = useQueryClient();
  useLiveEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: affiliateKeys.all });
  });
}
