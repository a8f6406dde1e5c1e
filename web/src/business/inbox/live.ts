import { useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../api/queries/conversations';
import { useLiveEvent } from '../../realtime/socket';

/**
 * A message in or out, a reply's new state, or a new assignee: the list, the open thread and the badge read
 * again.
 */
export function useLiveConversations(): void {
  const queryClient = useQueryClient();
  useLiveEvent('conversationMessage', () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  });
  // Taken, released, moved or unassigned by a removal: every open inbox shows the one holder at once.
  useLiveEvent('conversationAssigned', () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  });
}
