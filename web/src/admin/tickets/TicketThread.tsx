import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { ticketKeys, ticketQuery } from '../../api/queries/tickets';
import { TicketPriorityBadge, TicketStatusBadge } from '../../ui/badges';
import { FormError } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { PageHeader, toast } from '../../ui/page';
import { ISSUE_TYPES } from './TicketsPage';

const route = getRouteApi('/app/admin/tickets/$id');

type Status = 'pending' | 'open' | 'closed' | 'resolved';
type Priority = 'high' | 'medium' | 'low';

/** A ticket's question and thread; an admin replies and moves its status (the business sees both live). */
export function TicketThread() {
  const { id } = route.useParams();
  const queryClient = useQueryClient();
  const { data: ticket, error } = useQuery(ticketQuery(id));
  const [reply, setReply] = useState('');
  const comment = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/tickets/{id}/comments', {
          params: { path: { id } },
          body: { content: reply.trim() },
        }),
      ),
    onSuccess: () => {
      setReply('');
      // The thread and every list it shows in.
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
  const status = useMutation({
    mutationFn: (body: { status: Status; priority?: Priority }) =>
      unwrap(api.PATCH('/api/v1/tickets/admin/{id}/status', { params: { path: { id } }, body })),
    onSuccess: (t) => {
      toast(`Ticket ${t.status}, priority ${t.priority}; the business has been told.`);
      // The thread and every list it shows in.
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });

  if (error)
    return (
      <Text role="alert" c="red.9">
        {errorText(error)}
      </Text>
    );
  if (!ticket) return <Skeleton h={400} />;
  return (
    <Stack>
      <AnchorLink to="/admin/tickets" size="sm">
        ← All tickets
      </AnchorLink>
      <PageHeader
        title={ISSUE_TYPES[ticket.issueType] ?? ticket.issueType}
        description={`Opened ${formatDateTime(ticket.createdAt)}`}
      >
        <TicketStatusBadge state={ticket.status} />
        <TicketPriorityBadge state={ticket.priority} />
      </PageHeader>
      <Card withBorder padding="md">
        <Group align="flex-end" gap="sm">
          <Select
            label="Status"
            data={['pending', 'open', 'resolved', 'closed']}
            value={ticket.status}
            allowDeselect={false}
            onChange={(v) => v && status.mutate({ status: v as Status, priority: ticket.priority })}
            w={160}
          />
          <Select
            label="Priority"
            data={['high', 'medium', 'low']}
            value={ticket.priority}
            allowDeselect={false}
            onChange={(v) => v && status.mutate({ status: ticket.status, priority: v as Priority })}
            w={160}
          />
        </Group>
        {status.error && <FormError message={errorText(status.error)} />}
      </Card>
      <Stack gap="sm" component="section" aria-label="Thread">
        <Title order={2} size="h4">
          Thread
        </Title>
        <Paper withBorder p="md" bg="gray.0">
          <Text size="xs" c="dimmed" mb={4}>
            The business asked
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{ticket.question}</Text>
          {ticket.uploadFileUrl.map((url, i) => (
            <Anchor key={url} href={url} target="_blank" rel="noreferrer" size="sm" display="block">
              Attachment {i + 1}
            </Anchor>
          ))}
        </Paper>
        {ticket.comments.map((c) => (
          <Paper
            key={c.id}
            withBorder
            p="md"
            ml={c.authorType === 'admin' ? { base: 'md', sm: 'xl' } : 0}
            bg={c.authorType === 'admin' ? 'blue.0' : undefined}
          >
            <Text size="xs" c="dimmed" mb={4}>
              {c.authorType === 'admin' ? 'Support' : 'The business'} · {formatDateTime(c.createdAt)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Text>
          </Paper>
        ))}
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (reply.trim()) comment.mutate();
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Reply"
            value={reply}
            onChange={(e) => setReply(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={5000}
          />
          {comment.error && <FormError message={errorText(comment.error)} />}
          <Group justify="flex-end">
            <Button type="submit" loading={comment.isPending} disabled={!reply.trim()}>
              Send reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
