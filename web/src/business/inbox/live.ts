import { useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../api/queries/conversations';
import { useLiveEvent } from '../../realtime/socket';

/** A message in or out, or a reply's new state: the list, the open thread and the badge read again. */
export function useLiveConversations(): void {
  const queryClient = useQueryClient();
  useLiveEvent('conversationMessage', () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  });
}
