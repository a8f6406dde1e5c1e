import { Text } from '@mantine/core';
import { MESSAGE_STATE_LABELS, type MessageState } from '../api/model';
import type { Data } from '../api/types';

/** The tints a state may take (Mantine colours whose shade 1 is pale enough for dark words on it). */
export type Tint = 'gray' | 'green' | 'teal' | 'red' | 'yellow' | 'orange' | 'blue' | 'violet' | 'grape';

/**
 * A state in words (the tint only repeats what the word says). Dark words on a pale tint: Mantine's light
 * badge draws yellow and green words under 4.5:1.
 */
export function StateBadge({ label, tint, testId }: { label: string; tint: Tint; testId?: string }) {
  return (
    <Text
      span
      size="xs"
      fw={700}
      tt="uppercase"
      px={8}
      py={2}
      data-testid={testId}
      style={{
        borderRadius: 4,
        whiteSpace: 'nowrap',
        background: `var(--mantine-color-${tint}-1)`,
        color: 'var(--mantine-color-dark-9)',
      }}
    >
      {label}
    </Text>
  );
}

/**
 * The badge of one domain's states. The tints are a `Record` over the API's own union, so a state the API
 * gains fails to compile here until it is given a tint, rather than turning grey unnoticed.
 */
export function stateBadge<S extends string>(tints: Record<S, Tint>, labels?: Record<S, string>) {
  return function DomainBadge({ state, testId }: { state: S; testId?: string }) {
    return <StateBadge label={labels?.[state] ?? state} tint={tints[state]} testId={testId} />;
  };
}

type TransactionStatus = Data<'/api/v1/payments/transactions', 'get'>['items'][number]['status'];
type Ticket = Data<'/api/v1/tickets/{id}', 'get'>;
export type Verification = Data<'/api/v1/admin/businesses', 'get'>['items'][number]['businessVerified'];
type InvitationStatus = Data<'/api/v1/members/invitations', 'get'>[number]['status'];
type ConversationStatus = Data<'/api/v1/conversations/{id}', 'get'>['status'];

/** A payment, a credit or an affiliate's payout. */
export const TransactionBadge = stateBadge<TransactionStatus>({
  pending: 'orange',
  successful: 'green',
  failed: 'red',
  reversed: 'gray',
});

export const TicketStatusBadge = stateBadge<Ticket['status']>({
  pending: 'orange',
  open: 'blue',
  resolved: 'green',
  closed: 'gray',
});

export const TicketPriorityBadge = stateBadge<Ticket['priority']>({
  high: 'red',
  medium: 'yellow',
  low: 'gray',
});

export const VERIFICATION_TINTS: Record<Verification, Tint> = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
};

/** Where a business's verification stands. */
export const VerificationBadge = stateBadge(VERIFICATION_TINTS);

/** For a route whose schema says only `string` (the affiliate's referrals): a state the badge knows. */
export function isVerification(state: string): state is Verification {
  return Object.hasOwn(VERIFICATION_TINTS, state);
}

export const InvitationBadge = stateBadge<InvitationStatus>({
  pending: 'yellow',
  accepted: 'green',
  revoked: 'gray',
  expired: 'gray',
});

export const ConversationBadge = stateBadge<ConversationStatus>({ open: 'blue', closed: 'gray' });

/** A campaign message's state, in the console's words for it. */
export const MessageStateBadge = stateBadge<MessageState>(
  {
    held: 'gray',
    queued: 'gray',
    sending: 'yellow',
    sent: 'blue',
    delivered: 'teal',
    read: 'green',
    failed: 'red',
  },
  MESSAGE_STATE_LABELS,
);

/** Something switched on or off (a plan on sale). */
export const ActiveBadge = stateBadge<'active' | 'inactive'>({ active: 'green', inactive: 'gray' });
