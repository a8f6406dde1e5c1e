import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { api, unwrap } from '../api/client';
import { errorText } from '../api/errors';
import {
  notificationKeys,
  notificationSettingsQuery,
  notificationsQuery,
} from '../api/queries/notifications';
import { useSession } from '../auth/session';
import { formatDateTime } from '../ui/format';
import { Pager } from '../ui/list';
import { PageHeader } from '../ui/page';
import { DEFAULT_PAGE_SIZE } from '../ui/search';

const route = getRouteApi('/app/notifications');

const SETTING_LABELS: Record<string, string> = {
  campaignCompletionPush: 'Tell me when a campaign completes',
  lowCreditsEmail: 'E-mail me when credits run low',
};

export function NotificationsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useQuery({
    ...notificationsQuery({ page: search.page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const act = async (call: () => Promise<unknown>) => {
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    } catch (err) {
      toasts.show({ color: 'red', message: errorText(err) });
    }
  };
  return (
    <Stack>
      <PageHeader title="Notifications">
        <Button
          variant="default"
          disabled={!list.data?.unreadCount}
          onClick={() => act(() => unwrap(api.POST('/api/v1/notifications/read-all')))}
        >
          Mark all as read
        </Button>
      </PageHeader>
      <Stack gap="xs">
        {list.data?.items.map((n) => (
          <Card key={n.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={n.isRead ? 500 : 700}>{n.title}</Text>
                  {!n.isRead && <Badge size="sm">Unread</Badge>}
                </Group>
                <Text size="sm">{n.message}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.createdAt)}
                </Text>
              </Stack>
              {!n.isRead && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() =>
                    act(() =>
                      unwrap(api.POST('/api/v1/notifications/{id}/read', { params: { path: { id: n.id } } })),
                    )
                  }
                  aria-label={`Mark "${n.title}" as read`}
                >
                  Mark read
                </Button>
              )}
            </Group>
          </Card>
        ))}
        {list.data?.items.length === 0 && <Text>No notifications yet.</Text>}
      </Stack>
      {list.data && (
        <Pager
          page={search.page}
          pageSize={DEFAULT_PAGE_SIZE}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onPage={(page) => void navigate({ search: { page } })}
        />
      )}
      {session.business && <NotificationSettings />}
    </Stack>
  );
}

function NotificationSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQuery);
  const toggle = async (key: string, on: boolean) => {
    try {
      await unwrap(api.PATCH('/api/v1/notifications/settings', { body: { [key]: on ? 'true' : 'false' } }));
      await queryClient.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey });
    } catch (err) {
      toasts.show({ color: 'red', message: errorText(err) });
    }
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Settings
      </Title>
      <Stack gap="sm">
        {settings.data &&
          Object.entries(settings.data).map(([key, value]) => (
            <Switch
              key={key}
              label={SETTING_LABELS[key] ?? key}
              checked={value === 'true'}
              onChange={(e) => toggle(key, e.currentTarget.checked)}
            />
          ))}
      </Stack>
    </Card>
  );
}
