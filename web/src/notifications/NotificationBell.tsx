import { ActionIcon, Badge, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { RoomEvents } from '../api/model';
import { latestNotificationsQuery, notificationKeys } from '../api/queries/notifications';
import { Icons } from '../app/icons';
import { sessionQuery } from '../auth/session';
import { useLiveEvent } from '../realtime/socket';

/** What the `notification` event carries. */
export type LiveNotification = RoomEvents['notification'];

/** The bell: unread count, the latest five, and a toast for each new notification as it arrives. */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const { data } = useQuery(latestNotificationsQuery);
  const unread = data?.unreadCount ?? 0;

  useLiveEvent('notification', (n) => {
    toasts.show({
      title: n.title,
      message: n.message,
      autoClose: 8000,
      // Mantine leaves the close button unnamed and draws the message in grey.6 (3.3:1 on white).
      closeButtonProps: { 'aria-label': 'Close' },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    // A verification decision or a payment changes what the session knows (status, balance, plan).
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  });

  const label = unread ? `Notifications, ${unread} unread` : 'Notifications, none unread';
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={!unread} offset={4} color="red.9">
      <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" shadow="md">
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <Icons.Bell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            {data?.items.length ? (
              data.items.map((n) => (
                <Stack key={n.id} gap={0}>
                  <Text size="sm" fw={n.isRead ? 400 : 700}>
                    {n.title} {!n.isRead && <Badge size="xs">new</Badge>}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {n.message}
                  </Text>
                </Stack>
              ))
            ) : (
              <Text size="sm">No notifications yet.</Text>
            )}
            <UnstyledButton component={Link} to="/notifications" onClick={() => setOpened(false)}>
              <Text size="sm" c="blue.8" td="underline">
                All notifications
              </Text>
            </UnstyledButton>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
