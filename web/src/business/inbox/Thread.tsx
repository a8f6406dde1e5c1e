import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { conversationKeys, conversationMessagesQuery } from '../../api/queries/conversations';
import { approvedTemplatesQuery } from '../../api/queries/templates';
import { useCan } from '../../auth/session';
import { ConversationBadge } from '../../ui/badges';
import { FormError } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { uploadFileRecord } from '../../ui/upload';
import { AssignmentBar } from './Assignment';
import { InteractiveComposer } from './InteractiveComposer';
import { bodyVariables, type Conversation, type ConversationMessage, TICKS, windowLeft } from './inbox-parts';
import { AutomatedMark, ChoiceMark, InteractiveOptions, isChoice } from './MessageExtras';

/** One conversation: its header (the window's time left, open/close), its messages, the composer. */
export function Thread({ conversation: c }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const may = useCan();
  const messages = useQuery(conversationMessagesQuery(c.id));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = windowLeft(c.windowEndsAt, now);
  const status = useMutation({
    mutationFn: (next: 'open' | 'closed') =>
      unwrap(
        api.PATCH('/api/v1/conversations/{id}', { params: { path: { id: c.id } }, body: { status: next } }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
  const items = [...(messages.data?.items ?? [])].reverse();
  const shown = new Set(items.map((m) => m.id));
  // The message a choice answers, scrolled to and marked for a moment when its link is followed.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const showMessage = useCallback((messageId: string) => {
    const target = document.getElementById(`message-${messageId}`);
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.focus({ preventScroll: true });
    setHighlighted(messageId);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlighted(null), 4_000);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h4">
              {c.name ?? c.phoneNumber}
            </Title>
            {c.name && (
              <Text size="sm" c="dimmed">
                {c.phoneNumber}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <ConversationBadge state={c.status} />
            {may('inbox:update') && (
              <Button
                size="xs"
                variant="default"
                loading={status.isPending}
                onClick={() => status.mutate(c.status === 'open' ? 'closed' : 'open')}
              >
                {c.status === 'open' ? 'Close' : 'Reopen'}
              </Button>
            )}
          </Group>
        </Group>
        <AssignmentBar conversation={c} />
        <Text size="sm" c={left ? 'teal.9' : 'dimmed'} data-testid="window">
          {left
            ? `Reply window: ${left}`
            : 'Reply window closed: the contact has not written in 24 hours, so only an approved template can be sent.'}
        </Text>
        <Stack
          gap="xs"
          p="xs"
          style={{ background: 'var(--mantine-color-gray-0)', borderRadius: 8, minHeight: 160 }}
          aria-label="Messages"
          role="log"
        >
          {items.length === 0 && (
            <Text size="sm" c="dimmed" ta="center">
              {messages.isLoading ? 'Loading…' : 'No messages.'}
            </Text>
          )}
          {items.map((m) => (
            <Bubble
              key={m.id}
              message={m}
              highlighted={highlighted === m.id}
              onShow={m.replyTo && shown.has(m.replyTo.messageId) ? showMessage : undefined}
            />
          ))}
        </Stack>
        {!may('inbox:reply') ? null : left ? <Composer id={c.id} /> : <TemplateComposer id={c.id} />}
      </Stack>
    </Paper>
  );
}

function Bubble({
  message: m,
  highlighted,
  onShow,
}: {
  message: ConversationMessage;
  highlighted: boolean;
  /** Scrolls to the message this one answers (set when that message is in the thread). */
  onShow?: (messageId: string) => void;
}) {
  const out = m.direction === 'out';
  const tick = out ? TICKS[m.status] : undefined;
  return (
    <Box
      id={`message-${m.id}`}
      // Focused when a choice's link leads here, so the keyboard and screen readers follow.
      tabIndex={-1}
      data-testid={out ? 'message-out' : 'message-in'}
      data-status={m.status}
      data-highlighted={highlighted || undefined}
      style={{
        alignSelf: out ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        background: highlighted
          ? 'var(--mantine-color-yellow-1)'
          : out
            ? 'var(--mantine-color-blue-0)'
            : 'white',
        outline: highlighted ? '2px solid var(--mantine-color-yellow-6)' : undefined,
        transition: 'background-color 300ms',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
        padding: '6px 10px',
        overflowWrap: 'anywhere',
      }}
    >
      {m.type === 'campaign' && (
        <Text size="xs" c="dimmed">
          Campaign message
        </Text>
      )}
      <AutomatedMark message={m} />
      {m.replyTo && <InReplyTo replyTo={m.replyTo} onShow={onShow} />}
      {m.mediaUrl && m.mediaType?.startsWith('image/') && (
        <img src={m.mediaUrl} alt={m.text ?? 'Photo'} style={{ maxWidth: '100%', borderRadius: 4 }} />
      )}
      {m.mediaUrl && !m.mediaType?.startsWith('image/') && (
        <Text size="sm">
          <a href={m.mediaUrl} target="_blank" rel="noreferrer">
            Open the {m.type}
          </a>
        </Text>
      )}
      {m.mediaStatus === 'pending' && (
        <Text size="sm" c="dimmed" fs="italic" data-testid="media-pending">
          Fetching the {m.type}…
        </Text>
      )}
      {m.mediaStatus === 'failed' && (
        <Text size="sm" c="red.9" data-testid="media-failed">
          {m.error ?? `The ${m.type} could not be kept`}
        </Text>
      )}
      {isChoice(m) ? (
        <ChoiceMark message={m} />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {m.text ?? describe(m)}
        </Text>
      )}
      <InteractiveOptions message={m} />
      <Group gap={6} justify="flex-end">
        <Text size="xs" c="dimmed">
          {formatDateTime(m.createdAt)}
        </Text>
        {tick && (
          <Text
            size="xs"
            c={m.status === 'read' ? 'blue.9' : m.status === 'failed' ? 'red.9' : 'dimmed'}
            title={tick.words}
            data-testid="ticks"
          >
            <span aria-hidden="true">{tick.mark}</span> {tick.words}
          </Text>
        )}
      </Group>
      {m.status === 'failed' && m.error && (
        <Text size="xs" c="red.9">
          {m.error}
        </Text>
      )}
    </Box>
  );
}

/**
 * What an inbound reply answers: the campaign by name, or the quoted text of our reply; a button that
 * scrolls to it and marks it when it is in the thread.
 */
function InReplyTo({
  replyTo,
  onShow,
}: {
  replyTo: NonNullable<ConversationMessage['replyTo']>;
  onShow?: (messageId: string) => void;
}) {
  const words = `In reply to ${
    replyTo.campaignName !== null
      ? `the campaign "${replyTo.campaignName}"`
      : `"${replyTo.text ?? 'a message'}"`
  }`;
  const style = { borderLeft: '3px solid var(--mantine-color-gray-4)', paddingLeft: 6, marginBottom: 4 };
  if (!onShow)
    return (
      <Text size="xs" c="dimmed" lineClamp={2} data-testid="in-reply-to" style={style}>
        {words}
      </Text>
    );
  return (
    <UnstyledButton
      data-testid="in-reply-to"
      onClick={() => onShow(replyTo.messageId)}
      title="Show the message it answers"
      style={{ ...style, display: 'block', textAlign: 'left' }}
    >
      <Text size="xs" c="blue.9" td="underline" lineClamp={2} component="span">
        {words}
      </Text>
    </UnstyledButton>
  );
}

function describe(m: ConversationMessage): string {
  const d = (m.details ?? {}) as Record<string, unknown>;
  if (m.type === 'reaction') return `Reacted ${String(d.emoji ?? '')}`;
  if (m.type === 'location')
    return `Location: ${d.name ?? ''} ${d.latitude ?? ''}, ${d.longitude ?? ''}`.trim();
  if (m.type === 'contacts') return 'Shared a contact';
  if (m.type === 'unsupported')
    return `The contact sent a message WhatsApp cannot show here${
      typeof d.unsupportedType === 'string' ? ` (${d.unsupportedType})` : ''
    }`;
  if (m.type === 'audio' && d.voice === true && !m.mediaUrl) return 'Voice message';
  return '';
}

/** Inside the window: free text (or a file), reply buttons or a list. */
function Composer({ id }: { id: string }) {
  const [kind, setKind] = useState<'text' | 'buttons' | 'list'>('text');
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Send as"
        w="fit-content"
        size="xs"
        value={kind}
        onChange={(v) => setKind(v as typeof kind)}
        data={[
          { value: 'text', label: 'Text' },
          { value: 'buttons', label: 'Buttons' },
          { value: 'list', label: 'List' },
        ]}
      />
      {kind === 'text' ? <TextComposer id={id} /> : <InteractiveComposer id={id} kind={kind} />}
    </Stack>
  );
}

function TextComposer({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      if (!file)
        return unwrap(
          api.POST('/api/v1/conversations/{id}/messages', { params: { path: { id } }, body: { text } }),
        );
      const upload = await uploadFileRecord(file, 'replies');
      return unwrap(
        api.POST('/api/v1/conversations/{id}/messages', {
          params: { path: { id } },
          body: { mediaKey: upload.key, ...(text.trim() ? { caption: text.trim() } : {}) },
        }),
      );
    },
    onSuccess: () => {
      setText('');
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
  const ready = !!file || !!text.trim();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) send.mutate();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={file ? 'Caption' : 'Reply'}
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && ready) send.mutate();
          }}
        />
        <FormError message={send.error ? errorText(send.error) : null} />
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <FileButton onChange={setFile} accept="image/*,video/*,audio/*,application/pdf">
              {(props) => (
                <Button {...props} variant="default" size="sm">
                  {file ? 'Change file' : 'Attach'}
                </Button>
              )}
            </FileButton>
            {file && (
              <Text size="sm" truncate>
                {file.name}
              </Text>
            )}
          </Group>
          <Button type="submit" loading={send.isPending} disabled={!ready}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TemplateComposer({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const templates = useQuery(approvedTemplatesQuery);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const template = templates.data?.items.find((t) => t.id === templateId);
  const vars = template ? bodyVariables(template.components) : 0;
  const send = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/conversations/{id}/messages', {
          params: { path: { id } },
          body: {
            templateId: templateId!,
            templateParameters: {
              body: Array.from({ length: vars }, (_, i) => ({ text: values[i]?.trim() || '-' })),
            },
          },
        }),
      ),
    onSuccess: () => {
      setTemplateId(null);
      setValues([]);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
  return (
    <Stack gap="xs">
      <Alert color="gray" p="xs">
        <Text size="sm">Outside the window WhatsApp accepts only an approved template.</Text>
      </Alert>
      <Select
        label="Template"
        placeholder={templates.data?.items.length ? 'Choose an approved template' : 'No approved templates'}
        data={(templates.data?.items ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.language})` }))}
        value={templateId}
        onChange={(v) => {
          setTemplateId(v);
          setValues([]);
        }}
      />
      {Array.from({ length: vars }, (_, i) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: one input per variable, in order
          key={i}
          label={`Variable {{${i + 1}}}`}
          value={values[i] ?? ''}
          onChange={(e) => {
            const next = [...values];
            next[i] = e.currentTarget.value;
            setValues(next);
          }}
        />
      ))}
      <FormError message={send.error ? errorText(send.error) : null} />
      <Group justify="flex-end">
        <Button disabled={!templateId} loading={send.isPending} onClick={() => send.mutate()}>
          Send template
        </Button>
      </Group>
    </Stack>
  );
}
