import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unreadConversationsQuery } from '../../api/queries/conversations';
import { useSession } from '../../auth/session';
import { useLiveConversations } from './live';

/** The Inbox link's count of conversations with unread messages, kept live. */
export function UnreadBadge() {
  const { business } = useSession();
  const { data } = useQuery({ ...unreadConversationsQuery, enabled: !!business });
  useLiveConversations();
  const n = data?.conversations ?? 0;
  if (!n) return null;
  return (
    <Badge size="sm" color="red.9" circle={n < 10} aria-label={`${n} unread`} data-testid="inbox-unread">
      {n > 99 ? '99+' : n}
    </Badge>
  );
}
