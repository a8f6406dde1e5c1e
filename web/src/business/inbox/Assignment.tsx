import { Button, Group, Select, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorText } from '../../api/errors';
import { conversationKeys } from '../../api/queries/conversations';
import { membersQuery } from '../../api/queries/members';
import { useCan, useSession } from '../../auth/session';
import { toast } from '../../ui/page';
import type { Conversation } from './inbox-parts';

/**
 * The assignment routes land with the API's assignment work; until the generated client knows them, they are
 * called through this one loosely typed helper (same origin, the cookie, the failure envelope as ApiError).
 */
async function send(method: 'PUT' | 'POST', url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => undefined)) as { data?: unknown } | undefined;
  if (!response.ok) throw ApiError.from(response.status, json);
  return json?.data;
}

/** Who holds a conversation, in words: you, a member by name, or nobody. */
export function useAssigneeName(): (assigneeId: string | null) => string {
  const session = useSession();
  const may = useCan();
  const members = useQuery({ ...membersQuery, enabled: may('members:read') });
  const names = new Map((members.data ?? []).map((m) => [m.accountId, m.name]));
  return (id) => (!id ? 'Unassigned' : id === session.user.id ? 'You' : (names.get(id) ?? 'Another member'));
}

/**
 * Who answers this conversation: its holder in words, "Take" (it is nobody's, or the member wants it) and
 * "Release" (it is the member's own), and, for roles that assign (inbox:assign), a member picker. Two members
 * taking it at once leave one holder: the other's Take is refused (409) and says who holds it.
 */
export function AssignmentBar({ conversation: c }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const may = useCan();
  const nameOf = useAssigneeName();
  const assignable = may('inbox:assign' as Parameters<typeof may>[0]);
  const members = useQuery({ ...membersQuery, enabled: assignable && may('members:read') });
  const mine = c.assigneeId === session.user.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  const act = useMutation({
    mutationFn: (what: { kind: 'take' | 'release' } | { kind: 'assign'; assigneeId: string | null }) =>
      what.kind === 'assign'
        ? send('PUT', `/api/v1/conversations/${c.id}/assignee`, { assigneeId: what.assigneeId })
        : send('POST', `/api/v1/conversations/${c.id}/${what.kind}`),
    onSuccess: (_, what) => {
      toast(
        what.kind === 'take'
          ? 'The conversation is yours'
          : what.kind === 'release'
            ? 'Released: anyone may take it'
            : `Assigned to ${nameOf('assigneeId' in what ? what.assigneeId : null)}`,
        'green',
      );
    },
    onError: (err) => {
      toast(
        err instanceof ApiError && err.status === 409 ? `Not taken: ${err.message}` : errorText(err),
        'red',
      );
    },
    onSettled: () => void refresh(),
  });
  return (
    <Group gap="xs" wrap="wrap" data-testid="assignment">
      <Text size="sm" data-testid="assignee">
        Assigned to: <strong>{nameOf(c.assigneeId)}</strong>
      </Text>
      {may('inbox:reply') && !mine && !c.assigneeId && (
        <Button size="xs" loading={act.isPending} onClick={() => act.mutate({ kind: 'take' })}>
          Take
        </Button>
      )}
      {may('inbox:reply') && mine && (
        <Button
          size="xs"
          variant="default"
          loading={act.isPending}
          onClick={() => act.mutate({ kind: 'release' })}
        >
          Release
        </Button>
      )}
      {assignable && members.data && (
        <Select
          size="xs"
          aria-label="Assign to"
          placeholder="Assign to…"
          w={180}
          data={[
            { value: '', label: 'Nobody (unassigned)' },
            ...members.data.map((m) => ({ value: m.accountId, label: m.name })),
          ]}
          value={c.assigneeId ?? ''}
          allowDeselect={false}
          disabled={act.isPending}
          onChange={(v) => {
            const next = v || null;
            if (next !== c.assigneeId) act.mutate({ kind: 'assign', assigneeId: next });
          }}
        />
      )}
    </Group>
  );
}

/** An agent says whether new conversations may be given to it (away: it keeps its own, gets no new ones). */
export function AvailabilityToggle() {
  const [available, setAvailable] = useState(true);
  const change = useMutation({
    mutationFn: (next: boolean) =>
      send('PUT', '/api/v1/members/me/availability', { availability: next ? 'available' : 'away' }),
    onMutate: (next) => setAvailable(next),
    onError: (err, next) => {
      setAvailable(!next);
      toast(errorText(err), 'red');
    },
  });
  return (
    <Switch
      label={available ? 'Available for new conversations' : 'Away: no new conversations'}
      checked={available}
      disabled={change.isPending}
      onChange={(e) => change.mutate(e.currentTarget.checked)}
    />
  );
}
