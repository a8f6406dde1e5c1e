import { Button, Group, Select, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { REPLYING_ROLES } from '../../api/model';
import { conversationKeys } from '../../api/queries/conversations';
import { membersQuery } from '../../api/queries/members';
import { useCan, useSession } from '../../auth/session';
import { toast } from '../../ui/page';
import type { Conversation } from './inbox-parts';

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
  const assignable = may('inbox:assign');
  const members = useQuery({ ...membersQuery, enabled: assignable && may('members:read') });
  const mine = c.assigneeId === session.user.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  const act = useMutation({
    mutationFn: (what: { kind: 'take' | 'release' } | { kind: 'assign'; assigneeId: string | null }) =>
      what.kind === 'assign'
        ? unwrap(
            api.PUT('/api/v1/conversations/{id}/assignee', {
              params: { path: { id: c.id } },
              body: { assigneeId: what.assigneeId },
            }),
          )
        : what.kind === 'take'
          ? unwrap(api.POST('/api/v1/conversations/{id}/take', { params: { path: { id: c.id } } }))
          : unwrap(api.POST('/api/v1/conversations/{id}/release', { params: { path: { id: c.id } } })),
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
            // Only a role that may reply can hold a conversation (owner, admin, agent).
            ...members.data
              .filter((m) => (REPLYING_ROLES as readonly string[]).includes(m.role))
              .map((m) => ({
                value: m.accountId,
                label: `${m.name}${m.availability === 'away' ? ' (away)' : ''}`,
              })),
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

/**
 * A member who answers conversations says whether automatic assignment may give it new ones (away: it keeps
 * those it holds). Its state as the session loaded it comes with its membership, then follows each answer.
 */
export function AvailabilityToggle() {
  const session = useSession();
  const known = session.membership?.availability;
  const [chosen, setChosen] = useState<'available' | 'away' | null>(null);
  const available = (chosen ?? known ?? 'available') === 'available';
  const change = useMutation({
    mutationFn: (next: boolean) =>
      unwrap(
        api.PUT('/api/v1/members/me/availability', { body: { availability: next ? 'available' : 'away' } }),
      ),
    onSuccess: (me) => setChosen(me.availability),
    onError: (err) => toast(errorText(err), 'red'),
  });
  return (
    <Switch
      label={available ? 'Available for new conversations' : 'Away: no new conversations'}
      checked={change.isPending && change.variables !== undefined ? change.variables : available}
      disabled={change.isPending}
      onChange={(e) => change.mutate(e.currentTarget.checked)}
    />
  );
}
