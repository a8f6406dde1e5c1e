import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { conversationKeys, conversationsQuery } from '../../api/queries/conversations';
import { useCan, useSession } from '../../auth/session';
import { formatDateTime } from '../../ui/format';
import { Empty, PageHeader } from '../../ui/page';
import { AvailabilityToggle, useAssigneeName } from './Assignment';
import type { Conversation } from './inbox-parts';
import { useLiveConversations } from './live';
import { Thread } from './Thread';

const route = getRouteApi('/app/inbox');

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

const ASSIGNEES = [
  { value: 'all', label: 'All' },
  { value: 'me', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
] as const;

/**
 * The inbox: conversations by last activity (filters, search), and the open one's thread with its composer.
 * Side by side on a wide screen; on a phone the list, then the thread with a way back.
 */
export function InboxPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { business } = useSession();
  const may = useCan();
  const wide = useMediaQuery('(min-width: 62em)', true);
  useLiveConversations();
  const go = (patch: Partial<typeof search>) => void navigate({ search: { ...search, ...patch } });
  const list = useQuery({
    ...conversationsQuery({
      page: search.page,
      pageSize: 50,
      ...(search.filter === 'unread' ? { unread: 'true' as const } : {}),
      ...(search.filter === 'open' || search.filter === 'closed' ? { status: search.filter } : {}),
      ...(search.search ? { search: search.search } : {}),
      ...(search.tag ? { tag: search.tag } : {}),
      ...(search.assignee ? { assignee: search.assignee } : {}),
    }),
    enabled: !!business,
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const showList = wide || !search.id;
  const showThread = !!search.id;

  return (
    <>
      <PageHeader title="Inbox" description="What your contacts write to your number, and your answers.">
        {may('inbox:reply') && <AvailabilityToggle />}
      </PageHeader>
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: wide ? 'minmax(280px, 360px) 1fr' : '1fr',
          gap: 'var(--mantine-spacing-md)',
          alignItems: 'start',
        }}
      >
        {showList && (
          <Stack gap="xs">
            <SegmentedControl
              fullWidth
              size="xs"
              value={search.filter ?? 'all'}
              onChange={(v) => go({ filter: v === 'all' ? undefined : (v as typeof search.filter), page: 1 })}
              data={FILTERS.map((f) => ({ ...f }))}
              aria-label="Show"
            />
            <SegmentedControl
              fullWidth
              size="xs"
              value={search.assignee ?? 'all'}
              onChange={(v) =>
                go({ assignee: v === 'all' ? undefined : (v as typeof search.assignee), page: 1 })
              }
              data={ASSIGNEES.map((f) => ({ ...f }))}
              aria-label="Assigned to"
            />
            <Group gap="xs" grow>
              <TextInput
                size="xs"
                label="Search"
                placeholder="Name, number or text"
                defaultValue={search.search ?? ''}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') go({ search: e.currentTarget.value.trim() || undefined, page: 1 });
                }}
              />
              <TextInput
                size="xs"
                label="Tag"
                placeholder="vip"
                defaultValue={search.tag ?? ''}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') go({ tag: e.currentTarget.value.trim() || undefined, page: 1 });
                }}
              />
            </Group>
            <Paper withBorder>
              {items.length === 0 ? (
                <Empty>{list.isLoading ? 'Loading…' : 'No conversations yet.'}</Empty>
              ) : (
                <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {items.map((c) => (
                    <li key={c.id}>
                      <ConversationRow
                        conversation={c}
                        selected={c.id === search.id}
                        onOpen={() => go({ id: c.id })}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </Paper>
            {list.data && list.data.totalPages > 1 && (
              <Group justify="space-between">
                <Button
                  size="xs"
                  variant="default"
                  disabled={search.page <= 1}
                  onClick={() => go({ page: search.page - 1 })}
                >
                  Newer
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={search.page >= list.data.totalPages}
                  onClick={() => go({ page: search.page + 1 })}
                >
                  Older
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {showThread ? (
          <Stack gap="xs">
            {!wide && (
              <Anchor
                component="button"
                type="button"
                onClick={() => go({ id: undefined })}
                size="sm"
                style={{ alignSelf: 'flex-start' }}
              >
                ← All conversations
              </Anchor>
            )}
            <OpenThread id={search.id!} />
          </Stack>
        ) : (
          wide && (
            <Paper withBorder p="xl">
              <Empty>Choose a conversation to read it and answer.</Empty>
            </Paper>
          )
        )}
      </Box>
    </>
  );
}

function ConversationRow({
  conversation: c,
  selected,
  onOpen,
}: {
  conversation: Conversation;
  selected: boolean;
  onOpen: () => void;
}) {
  const nameOf = useAssigneeName();
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      w="100%"
      p="sm"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
      }}
      data-testid="conversation-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={c.unreadCount ? 700 : 500} size="sm" truncate>
          {c.name ?? c.phoneNumber}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(c.lastMessageAt)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" truncate>
          {c.lastMessageText ?? ''}
        </Text>
        {c.unreadCount > 0 && (
          <Badge size="sm" color="red.9" aria-label={`${c.unreadCount} unread`}>
            {c.unreadCount}
          </Badge>
        )}
        {c.status === 'closed' && (
          <Badge size="sm" color="gray" variant="light">
            closed
          </Badge>
        )}
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate>
          {c.name ? c.phoneNumber : ''}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="row-assignee">
          {nameOf(c.assigneeId)}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** The selected conversation: marked read on opening, and again as messages arrive while it is open. */
function OpenThread({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: [...conversationKeys.all, 'one', id],
    queryFn: () => unwrap(api.GET('/api/v1/conversations/{id}', { params: { path: { id } } })),
  });
  const read = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/conversations/{id}/read', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
  const unread = conversation.data?.unreadCount ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when the count moves
  useEffect(() => {
    if (unread > 0 && !read.isPending) read.mutate();
  }, [unread, id]);
  // An agent sees only its own and unassigned conversations: one another member took is a 404 from then on,
  // which must replace what was on screen (the thread read before it was taken).
  const gone = conversation.error instanceof ApiError && conversation.error.status === 404;
  if (gone && conversation.data)
    return (
      <Paper withBorder p="xl" data-testid="thread-gone">
        <Empty>Another member is answering this conversation now; it is no longer in your inbox.</Empty>
      </Paper>
    );
  if (!conversation.data)
    return <Empty>{conversation.isError ? 'Conversation not found.' : 'Loading…'}</Empty>;
  return (
    <ScrollArea.Autosize mah="none">
      <Thread conversation={conversation.data} />
    </ScrollArea.Autosize>
  );
}
