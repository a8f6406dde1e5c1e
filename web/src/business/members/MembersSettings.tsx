import { Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import {
  type Invitation,
  invitationsQuery,
  type Member,
  memberKeys,
  membersQuery,
  seatsQuery,
} from '../../api/queries/members';
import { sessionQuery, useCan, useSession } from '../../auth/session';
import { InvitationBadge } from '../../ui/badges';
import { applyApiError, DialogActions, FormSubmit } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { ListView } from '../../ui/list';
import { toast } from '../../ui/page';
import { AutoAssignment } from './AutoAssignment';
import { ASSIGNABLE_ROLES, type AssignableRole, ROLE_HELP, ROLE_LABELS, RoleBadge } from './roles';

/** Settings → Members: who is in the business and with which role, inviting, and the pending invitations. */
export function MembersSettings() {
  const may = useCan();
  const manage = may('members:manage');
  return (
    <Stack gap="xl">
      {manage && <InviteForm />}
      <MemberList manage={manage} />
      {manage && <PendingInvitations />}
      {may('settings:manage') && <AutoAssignment />}
    </Stack>
  );
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
}

function InviteForm() {
  const refresh = useRefresh();
  const seats = useQuery(seatsQuery);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ email: string; role: AssignableRole }>({
    initialValues: { email: '', role: 'agent' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter an e-mail address') },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await unwrap(
        api.POST('/api/v1/members/invitations', { body: { ...values, email: values.email.trim() } }),
      );
      toast(`Invitation sent to ${values.email.trim()}`, 'green');
      form.reset();
      await refresh();
    } catch (err) {
      setError(applyApiError(form, err));
      void seats.refetch();
    }
  });
  const s = seats.data;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-title">
      <Stack maw={560} gap="sm">
        <Title order={2} size="h4" id="invite-title">
          Invite a member
        </Title>
        <Text size="sm" data-testid="seats-left" c={s && s.left <= 0 ? 'red.9' : undefined}>
          {s
            ? `${s.left} of ${s.limit} seats left (${plural(s.members, 'member')}, ${plural(s.pendingInvitations, 'invitation')} waiting).`
            : 'Counting seats…'}
        </Text>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="E-mail"
            type="email"
            required
            miw={220}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            data={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            description={ROLE_HELP[form.values.role]}
            allowDeselect={false}
            miw={220}
            {...form.getInputProps('role')}
          />
        </Group>
        <FormSubmit error={error} busy={form.submitting}>
          Send invitation
        </FormSubmit>
      </Stack>
    </form>
  );
}

type Pending =
  | { kind: 'role'; member: Member; role: AssignableRole }
  | { kind: 'remove'; member: Member }
  | { kind: 'transfer'; member: Member };

function MemberList({ manage }: { manage: boolean }) {
  const session = useSession();
  const may = useCan();
  const members = useQuery(membersQuery);
  const [pending, setPending] = useState<Pending | null>(null);
  const transfer = may('business:transfer');
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Members
      </Title>
      <ListView<Member>
        noun="members"
        items={members.data}
        error={members.error}
        empty="No members yet."
        rowKey={(m) => m.accountId}
        minWidth={760}
        columns={[
          {
            header: 'Name',
            cell: (m) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {m.name}
                  {m.accountId === session.user.id ? ' (you)' : ''}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {m.email}
                </Text>
              </Stack>
            ),
          },
          {
            header: 'Role',
            cell: (m) =>
              manage && m.role !== 'owner' && m.accountId !== session.user.id ? (
                <Select
                  aria-label={`Role of ${m.name}`}
                  data={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
                  value={m.role}
                  allowDeselect={false}
                  size="xs"
                  w={130}
                  ml="auto"
                  onChange={(v) =>
                    v && v !== m.role && setPending({ kind: 'role', member: m, role: v as AssignableRole })
                  }
                />
              ) : (
                <RoleBadge state={m.role} />
              ),
          },
          {
            // Only roles that answer the inbox have an availability worth reading.
            header: 'Inbox',
            cell: (m) =>
              m.role === 'owner' || m.role === 'admin' || m.role === 'agent'
                ? `${m.availability === 'away' ? 'Away' : 'Available'}, ${m.openConversations} open`
                : '—',
          },
          { header: 'Joined', cell: (m) => formatDateTime(m.joinedAt) },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (m) =>
              m.role === 'owner' || m.accountId === session.user.id ? null : (
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  {transfer && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setPending({ kind: 'transfer', member: m })}
                    >
                      Make owner…
                    </Button>
                  )}
                  {manage && (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => setPending({ kind: 'remove', member: m })}
                      aria-label={`Remove ${m.name}`}
                    >
                      Remove…
                    </Button>
                  )}
                </Group>
              ),
          },
        ]}
      />
      <Modal
        opened={!!pending}
        onClose={() => setPending(null)}
        title={
          pending?.kind === 'role'
            ? 'Change the role?'
            : pending?.kind === 'remove'
              ? 'Remove this member?'
              : 'Hand over the business?'
        }
      >
        {pending?.kind === 'transfer' ? (
          <TransferOwnership member={pending.member} onDone={() => setPending(null)} />
        ) : pending ? (
          <ConfirmChange pending={pending} onDone={() => setPending(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}

function ConfirmChange({
  pending,
  onDone,
}: {
  pending: Exclude<Pending, { kind: 'transfer' }>;
  onDone: () => void;
}) {
  const refresh = useRefresh();
  const { member } = pending;
  const change = useMutation({
    mutationFn: () =>
      pending.kind === 'role'
        ? unwrap(
            api.PATCH('/api/v1/members/{id}', {
              params: { path: { id: member.accountId } },
              body: { role: pending.role },
            }),
          )
        : unwrap(api.DELETE('/api/v1/members/{id}', { params: { path: { id: member.accountId } } })),
    onSuccess: async () => {
      toast(
        pending.kind === 'role'
          ? `${member.name} is now ${ROLE_LABELS[pending.role].toLowerCase()}.`
          : `${member.name} was removed.`,
        'green',
      );
      await refresh();
      onDone();
    },
  });
  return (
    <Stack>
      <Text>
        {pending.kind === 'role' ? (
          <>
            Make <strong>{member.name}</strong> ({member.email}) <strong>{ROLE_LABELS[pending.role]}</strong>{' '}
            instead of {ROLE_LABELS[member.role]}? What they may do changes at their next request.
          </>
        ) : (
          <>
            Remove <strong>{member.name}</strong> ({member.email}) from the business? They are signed out of
            it at once, and their conversations go back to unassigned.
          </>
        )}
      </Text>
      <DialogActions error={change.error ? errorText(change.error) : null} onCancel={onDone}>
        <Button color="red.9" loading={change.isPending} onClick={() => change.mutate()}>
          {pending.kind === 'role'
            ? `Make ${ROLE_LABELS[pending.role].toLowerCase()}`
            : `Remove ${member.name}`}
        </Button>
      </DialogActions>
    </Stack>
  );
}

/** The owner hands the business to another member, proving who it is with its password. */
function TransferOwnership({ member, onDone }: { member: Member; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : 'Enter your password') },
  });
  const submit = form.onSubmit(async ({ password }) => {
    setError(null);
    try {
      await unwrap(
        api.POST('/api/v1/members/transfer-ownership', { body: { accountId: member.accountId, password } }),
      );
      toast(`${member.name} owns the business now; you are an admin.`, 'green');
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      onDone();
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>
          <strong>{member.name}</strong> ({member.email}) becomes the owner and you become an admin. Only the
          new owner can hand it back.
        </Text>
        <PasswordInput
          label="Your password"
          required
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <DialogActions error={error} onCancel={onDone}>
          <Button type="submit" color="red.9" loading={form.submitting}>
            Make {member.name} owner
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** The invitations not yet used: each can be sent again (a new link) or revoked (its seat freed). */
function PendingInvitations() {
  const refresh = useRefresh();
  const invitations = useQuery(invitationsQuery);
  const open = invitations.data?.filter((i) => i.status === 'pending' || i.status === 'expired');
  const act = useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: 'resend' | 'revoke' }) =>
      kind === 'resend'
        ? unwrap(api.POST('/api/v1/members/invitations/{id}/resend', { params: { path: { id } } }))
        : unwrap(api.DELETE('/api/v1/members/invitations/{id}', { params: { path: { id } } })),
    onSuccess: async (_, { kind }) => {
      toast(kind === 'resend' ? 'Invitation sent again with a new link' : 'Invitation revoked', 'green');
      await refresh();
    },
    onError: (err) => toast(errorText(err), 'red'),
  });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Invitations waiting
      </Title>
      <ListView<Invitation>
        noun="invitations"
        items={open}
        error={invitations.error}
        empty="No invitation is waiting for an answer."
        rowKey={(i) => i.id}
        minWidth={640}
        columns={[
          {
            header: 'E-mail',
            cell: (i) => (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {i.email}
              </Text>
            ),
          },
          { header: 'Role', cell: (i) => ROLE_LABELS[i.role] },
          { header: 'Status', cell: (i) => <InvitationBadge state={i.status} /> },
          { header: 'Link valid until', cell: (i) => formatDateTime(i.expiresAt) },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (i) => (
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Resend the invitation to ${i.email}`}
                  loading={act.isPending && act.variables?.id === i.id && act.variables.kind === 'resend'}
                  onClick={() => act.mutate({ id: i.id, kind: 'resend' })}
                >
                  Resend
                </Button>
                {i.status === 'pending' && (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    aria-label={`Revoke the invitation to ${i.email}`}
                    loading={act.isPending && act.variables?.id === i.id && act.variables.kind === 'revoke'}
                    onClick={() => act.mutate({ id: i.id, kind: 'revoke' })}
                  >
                    Revoke
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
