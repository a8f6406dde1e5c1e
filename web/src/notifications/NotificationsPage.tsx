import { Title } from '@mantine/core';

export function NotificationsPage() {
  return (
    <Title order={1} size="h2">
      Notifications
    </Title>
  );
}
