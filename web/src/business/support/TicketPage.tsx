import { Card, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { ticketKeys, ticketQuery } from '../../api/queries/tickets';
import { useLiveEvent } from '../../realtime/socket';
import { TicketStatusBadge } from '../../ui/badges';
import { applyApiError, FormSubmit } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { PageHeader } from '../../ui/page';
import { ISSUE_TYPES } from './SupportPage';

const route = getRouteApi('/app/support/$id');

/** A ticket's thread; an administrator's reply (announced by its notification) shows up without a reload. */
export function TicketPage() {
  const { id } = route.useParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const ticket = useQuery(ticketQuery(id));
  useLiveEvent('notification', (n) => {
    if (n.type.startsWith('ticket.')) void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  });
  const form = useForm({
    initialValues: { content: '' },
    validate: { content: (v) => (v.trim() ? null : 'Write a reply') },
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/tickets/{id}/comments', { params: { path: { id } }, body: v }));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  if (ticket.isError) return <Text role="alert">{errorText(ticket.error)}</Text>;
  if (!ticket.data) return <Text>Loading…</Text>;
  const t = ticket.data;
  return (
    <Stack maw={760}>
      <PageHeader title="Ticket" description={<AnchorLink to="/support">All tickets</AnchorLink>}>
        <TicketStatusBadge state={t.status} />
      </PageHeader>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          {ISSUE_TYPES[t.issueType]} · {formatDateTime(t.createdAt)}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{t.question}</Text>
      </Card>
      <Stack gap="xs" role="log" aria-label="Replies">
        {t.comments.map((c) => (
          <Paper
            key={c.id}
            withBorder
            p="sm"
            ml={c.authorType === 'business' ? 'xl' : 0}
            mr={c.authorType === 'admin' ? 'xl' : 0}
            bg={c.authorType === 'admin' ? 'var(--mantine-color-blue-0)' : undefined}
          >
            <Text size="xs" fw={700}>
              {c.authorType === 'admin' ? 'Support' : 'You'} · {formatDateTime(c.createdAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.content}
            </Text>
          </Paper>
        ))}
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea label="Reply" autosize minRows={3} {...form.getInputProps('content')} />
          <FormSubmit error={error} busy={form.submitting}>
            Send reply
          </FormSubmit>
        </Stack>
      </form>
    </Stack>
  );
}
