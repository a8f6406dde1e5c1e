import { Badge, Group, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { unreadConversationsQuery } from '../../api/queries/conversations';
import type { BadgeLink } from '../../app/area';
import { useSession } from '../../auth/session';
import { useLiveConversations } from './live';

/**
 * The Inbox link's count of conversations with unread messages, kept live. With `link`, the count is a link
 * of its own (named "Inbox, 2 unread"): the phone header shows it beside the closed menu.
 */
export function UnreadBadge({ link }: { link?: BadgeLink }) {
  const { business } = useSession();
  const { data } = useQuery({ ...unreadConversationsQuery, enabled: !!business });
  useLiveConversations();
  const n = data?.conversations ?? 0;
  if (!n) return null;
  const badge = (
    <Badge
      size="sm"
      color="red.9"
      circle={n < 10}
      aria-label={link ? undefined : `${n} unread`}
      data-testid={link ? 'inbox-unread-header' : 'inbox-unread'}
    >
      {n > 99 ? '99+' : n}
    </Badge>
  );
  if (!link) return badge;
  return (
    <UnstyledButton component={Link} to={link.to} aria-label={`${link.label}, ${n} unread`} p={4}>
      <Group gap={4} wrap="nowrap">
        <link.icon size={20} />
        {badge}
      </Group>
    </UnstyledButton>
  );
}
