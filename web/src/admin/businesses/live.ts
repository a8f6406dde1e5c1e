import { useQueryClient } from '@tanstack/react-query';
import type { RoomEvents } from '../../api/model';
import { adminKeys } from '../../api/queries/admin';
import { useLiveEvent } from '../../realtime/socket';

/** What the service pushes to every admin's room when a business's verification is decided. */
export type VerificationDecided = RoomEvents['businessVerificationDecided'];

/**
 * Keeps the queue current while it is on screen: a decision by another admin, or a new submission (an admin
 * notification), refreshes every business list and the decided business's page.
 */
export function useQueueLive(onDecided?: (event: VerificationDecided) => void): void {
  const queryClient = useQueryClient();
  useLiveEvent('businessVerificationDecided', (event) => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.businesses });
    void queryClient.invalidateQueries({ queryKey: adminKeys.business(event.businessId) });
    onDecided?.(event);
  });
  useLiveEvent('notification', (n) => {
    if (n.type === 'business.verification_submitted' || n.type === 'account.email_verified')
      void queryClient.invalidateQueries({ queryKey: adminKeys.businesses });
  });
}
