import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { type MemberRole, roleCan } from '../../platform/auth/permissions.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { MemberAvailability } from '../../platform/db/schema/index.js';
import {
  BusinessRuleError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/http/errors.js';
import { recordAudit } from '../audit/index.js';
import {
  findAccountByEmail,
  findAccountById,
  insertAccount,
  openSession,
  sendInBackground,
  toUserDto,
} from '../auth/index.js';
import {
  deleteMember,
  insertMember,
  listMembers,
  lockMembers,
  type MemberRow,
  seatLimitOf,
  setAvailability,
  setSeatLimit,
  updateMemberRole,
} from '../business/index.js';
import { emitUnassigned, openAssignedCounts, unassignMember } from '../conversations/index.js';
import {
  companyNameOf,
  consumeInvitation,
  countOpenInvitations,
  findInvitation,
  findOpenByToken,
  findPendingFor,
  type InvitationRow,
  insertInvitation,
  listInvitations,
  renewInvitation,
  revokeInvitation,
} from './invitations.repository.js';
import { INVITATION_TTL_DAYS, invitationLink, invitationMail } from './members.mails.js';

const actorOf = (auth: AuthContext) => ({ accountId: auth.accountId, email: auth.email });
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const expiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);

const MEMBER = 'Member';
const INVITATION = 'Invitation';
/** A link that opens nothing: one answer whether it was used, revoked, replaced, expired or never existed. */
const invalidLink = () =>
  new BusinessRuleError('This invitation link is not valid: it was used, revoked, replaced or it expired');

export function toMemberDto(m: MemberRow, openConversations = 0) {
  return {
    accountId: m.accountId,
    name: m.name,
    email: m.email,
    role: m.role,
    availability: m.availability,
    openConversations,
    joinedAt: m.joinedAt.toISOString(),
  };
}

export function toInvitationDto(i: InvitationRow, now = new Date()) {
  const status = i.acceptedAt
    ? 'accepted'
    : i.revokedAt
      ? 'revoked'
      : i.expiresAt.getTime() <= now.getTime()
        ? 'expired'
        : 'pending';
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    status,
    expiresAt: i.expiresAt.toISOString(),
    acceptedAt: i.acceptedAt?.toISOString() ?? null,
    revokedAt: i.revokedAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  } as const;
}

/**
 * Members and invitations of the caller's business (docs/api.md "Members and invitations"). Every change of the
 * members runs under the business's member lock (`lockMembers`), which is what keeps exactly one owner and the
 * seat limit under concurrent requests.
 */
export class MembersService {
  constructor(private readonly deps: AppDeps) {}

  async list(auth: AuthContext) {
    const businessId = businessOf(auth);
    const [members, open] = await Promise.all([
      listMembers(this.deps.db, businessId),
      openAssignedCounts(this.deps.db, businessId),
    ]);
    return members.map((m) => toMemberDto(m, open.get(m.accountId) ?? 0));
  }

  /** The caller marks itself available for automatic assignment in the business it acts for, or away. */
  async setAvailability(auth: AuthContext, availability: MemberAvailability) {
    const businessId = businessOf(auth);
    if (!(await setAvailability(this.deps.db, businessId, auth.accountId, availability)))
      throw new NotFoundError(MEMBER);
    return this.member(businessId, auth.accountId);
  }

  async seats(auth: AuthContext) {
    const businessId = businessOf(auth);
    const [limit, members, invitations] = await Promise.all([
      seatLimitOf(this.deps.db, businessId),
      listMembers(this.deps.db, businessId),
      countOpenInvitations(this.deps.db, businessId),
    ]);
    const used = members.length + invitations;
    return {
      limit,
      members: members.length,
      pendingInvitations: invitations,
      left: Math.max(0, limit - used),
    };
  }

  async changeRole(auth: AuthContext, accountId: string, role: Exclude<MemberRole, 'owner'>) {
    const businessId = businessOf(auth);
    const unassigned = await this.deps.db.transaction(async (tx) => {
      const members = await lockMembers(tx, businessId);
      const target = members?.find((m) => m.accountId === accountId);
      if (!target) throw new NotFoundError(MEMBER);
      if (target.role === 'owner')
        throw new BusinessRuleError("The owner's role changes only by handing over ownership");
      await updateMemberRole(tx, businessId, accountId, role);
      // A role that cannot answer conversations holds none. After the update: an assignment holding the
      // membership's lock has committed by now, and one waiting for it will see the new role.
      const unassigned = roleCan(role, 'inbox:reply') ? [] : await unassignMember(tx, businessId, accountId);
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'member.role_changed',
        target: { type: 'member', id: accountId },
        details: { email: target.email, from: target.role, to: role },
      });
      return unassigned;
    });
    this.deps.sessionSockets.refreshMemberRooms(businessId, accountId, role);
    await emitUnassigned(this.deps, businessId, unassigned, accountId, auth.accountId, this.deps.logger);
    return this.member(businessId, accountId);
  }

  async remove(auth: AuthContext, accountId: string): Promise<void> {
    const businessId = businessOf(auth);
    const unassigned = await this.deps.db.transaction(async (tx) => {
      const members = await lockMembers(tx, businessId);
      const target = members?.find((m) => m.accountId === accountId);
      if (!target) throw new NotFoundError(MEMBER);
      if (target.role === 'owner')
        throw new BusinessRuleError('The owner cannot be removed; hand over ownership first');
      // Its sessions acting for this business are deleted with the membership (the foreign key cascades).
      await deleteMember(tx, businessId, accountId);
      // Then its conversations: an assignment to it that held the membership's lock has committed by now.
      const unassigned = await unassignMember(tx, businessId, accountId);
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'member.removed',
        target: { type: 'member', id: accountId },
        details: { email: target.email, role: target.role },
      });
      return unassigned;
    });
    this.deps.sessionSockets.disconnectAccount(accountId);
    await emitUnassigned(this.deps, businessId, unassigned, accountId, auth.accountId, this.deps.logger);
  }

  /**
   * Hands the business over: the target becomes owner, the caller admin, in one transaction under the member
   * lock. The caller proves it is the owner with its password; a caller no longer owner when the lock is
   * taken (another handover won) is refused.
   */
  async transferOwnership(auth: AuthContext, accountId: string, password: string) {
    const businessId = businessOf(auth);
    if (accountId === auth.accountId) throw new BusinessRuleError('You are the owner already');
    const account = await findAccountById(this.deps.db, auth.accountId);
    if (!account?.passwordHash)
      throw new BusinessRuleError('Set a password first: handing over ownership needs it');
    if (!(await verifyPassword(account.passwordHash, password)))
      throw ValidationError.field('password', 'The password is wrong');
    await this.deps.db.transaction(async (tx) => {
      const members = (await lockMembers(tx, businessId)) ?? [];
      if (members.find((m) => m.accountId === auth.accountId)?.role !== 'owner')
        throw new ForbiddenError('Only the owner can hand over ownership');
      if (!members.some((m) => m.accountId === accountId)) throw new NotFoundError(MEMBER);
      // The old owner steps down first: the one-owner index would refuse two at once.
      await updateMemberRole(tx, businessId, auth.accountId, 'admin');
      await updateMemberRole(tx, businessId, accountId, 'owner');
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'ownership.transferred',
        target: { type: 'member', id: accountId },
        details: { from: auth.accountId, to: accountId },
      });
    });
    this.deps.sessionSockets.refreshMemberRooms(businessId, auth.accountId, 'admin');
    this.deps.sessionSockets.refreshMemberRooms(businessId, accountId, 'owner');
    return this.list(auth);
  }

  async invitations(auth: AuthContext) {
    const now = new Date();
    return (await listInvitations(this.deps.db, businessOf(auth))).map((i) => toInvitationDto(i, now));
  }

  async invite(auth: AuthContext, email: string, role: Exclude<MemberRole, 'owner'>) {
    const businessId = businessOf(auth);
    const token = newToken();
    const invitation = await this.deps.db.transaction(async (tx) => {
      const members = (await lockMembers(tx, businessId)) ?? [];
      if (members.some((m) => m.email === email))
        throw new ConflictError('This person is already a member of the business', { field: 'email' });
      const existing = await findPendingFor(tx, businessId, email);
      if (existing && existing.expiresAt.getTime() > Date.now())
        throw new ConflictError('This address has a pending invitation: resend or revoke it', {
          field: 'email',
        });
      if (existing) await revokeInvitation(tx, businessId, existing.id);
      await this.checkSeat(tx, businessId, members.length);
      try {
        const row = await insertInvitation(tx, {
          businessId,
          email,
          role,
          invitedBy: auth.accountId,
          tokenHash: hashToken(token),
          expiresAt: expiry(),
        });
        await recordAudit(tx, {
          businessId,
          actor: actorOf(auth),
          action: 'member.invited',
          target: { type: 'invitation', id: row.id },
          details: { email, role },
        });
        return row;
      } catch (err) {
        if (isUniqueViolation(err))
          throw new ConflictError('This address has a pending invitation: resend or revoke it', {
            field: 'email',
          });
        throw err;
      }
    });
    await this.mail(auth, invitation, token);
    return toInvitationDto(invitation);
  }

  async resend(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    const found = await findInvitation(this.deps.db, businessId, id);
    if (!found) throw new NotFoundError(INVITATION);
    const token = newToken();
    const renewed = await this.deps.db.transaction(async (tx) => {
      const row = await renewInvitation(tx, businessId, id, hashToken(token), expiry());
      if (!row)
        throw new BusinessRuleError(`This invitation was ${found.acceptedAt ? 'accepted' : 'revoked'}`);
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'invitation.resent',
        target: { type: 'invitation', id },
        details: { email: row.email },
      });
      return row;
    });
    await this.mail(auth, renewed, token);
    return toInvitationDto(renewed);
  }

  async revoke(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    const found = await findInvitation(this.deps.db, businessId, id);
    if (!found) throw new NotFoundError(INVITATION);
    const revoked = await this.deps.db.transaction(async (tx) => {
      const row = await revokeInvitation(tx, businessId, id);
      if (!row)
        throw new BusinessRuleError(`This invitation was ${found.acceptedAt ? 'accepted' : 'revoked'}`);
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'invitation.revoked',
        target: { type: 'invitation', id },
        details: { email: row.email },
      });
      return row;
    });
    return toInvitationDto(revoked);
  }

  /** What the invitation page shows before accepting. */
  async lookup(token: string) {
    const invitation = await findOpenByToken(this.deps.db, hashToken(token));
    if (!invitation) throw invalidLink();
    const account = await findAccountByEmail(this.deps.db, invitation.email);
    return {
      email: invitation.email,
      role: invitation.role,
      companyName: invitation.companyName,
      expiresAt: invitation.expiresAt.toISOString(),
      accountExists: Boolean(account && !account.deleted),
    };
  }

  /**
   * Accepts an invitation: a new person gives a name and a password (the link proved the address, so the
   * account is verified); an existing account gives its password. Link, account, membership and seat are one
   * transaction; the answer is a session acting for the business joined.
   */
  async accept(input: { token: string; name?: string | undefined; password: string }) {
    const tokenHash = hashToken(input.token);
    const open = await findOpenByToken(this.deps.db, tokenHash);
    if (!open) throw invalidLink();
    const existing = await findAccountByEmail(this.deps.db, open.email);
    if (existing) {
      if (!existing.passwordHash || !(await verifyPassword(existing.passwordHash, input.password)))
        throw new UnauthorizedError('Invalid e-mail or password');
    } else if (!input.name?.trim()) throw ValidationError.field('name', 'Your name is required to join');
    const passwordHash = existing ? null : await hashPassword(input.password);

    const joined = await this.deps.db.transaction(async (tx) => {
      let accountId = existing?.id;
      if (!accountId) {
        try {
          accountId = (
            await insertAccount(tx, {
              name: input.name!.trim(),
              email: open.email,
              passwordHash,
              verified: true,
            })
          ).id;
        } catch (err) {
          if (isUniqueViolation(err))
            throw new ConflictError('This e-mail address is already registered', { field: 'email' });
          throw err;
        }
      }
      const invitation = await consumeInvitation(tx, tokenHash, accountId);
      if (!invitation) throw invalidLink();
      const members = (await lockMembers(tx, invitation.businessId)) ?? [];
      if (members.some((m) => m.accountId === accountId))
        throw new ConflictError('You are already a member of this business');
      // Its own invitation held a seat: the members alone must fit.
      const limit = await seatLimitOf(tx, invitation.businessId);
      if (members.length >= limit) throw seatsFull(limit);
      await insertMember(tx, invitation.businessId, accountId, invitation.role);
      await recordAudit(tx, {
        businessId: invitation.businessId,
        actor: { accountId, email: invitation.email },
        action: 'member.joined',
        target: { type: 'member', id: accountId },
        details: { role: invitation.role, invitationId: invitation.id, newAccount: !existing },
      });
      return { accountId, businessId: invitation.businessId };
    });
    const tokens = await openSession(this.deps.db, this.deps.tokens, joined.accountId, joined.businessId);
    const account = await findAccountById(this.deps.db, joined.accountId);
    return {
      user: toUserDto({ ...account!, businessId: joined.businessId }),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
  }

  /** An administrator's seat limit for a business (null: the default). */
  async setSeats(auth: AuthContext, businessId: string, seatLimit: number | null) {
    await this.deps.db.transaction(async (tx) => {
      if (!(await setSeatLimit(tx, businessId, seatLimit))) throw new NotFoundError('Business');
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'seats.changed',
        target: { type: 'business', id: businessId },
        details: { seatLimit },
      });
    });
    return { businessId, seatLimit: await seatLimitOf(this.deps.db, businessId) };
  }

  private async checkSeat(tx: AppDeps['db'], businessId: string, members: number) {
    const [limit, invitations] = await Promise.all([
      seatLimitOf(tx, businessId),
      countOpenInvitations(tx, businessId),
    ]);
    if (members + invitations >= limit) throw seatsFull(limit);
  }

  private async member(businessId: string, accountId: string) {
    const [members, open] = await Promise.all([
      listMembers(this.deps.db, businessId),
      openAssignedCounts(this.deps.db, businessId),
    ]);
    const found = members.find((m) => m.accountId === accountId);
    if (!found) throw new NotFoundError(MEMBER);
    return toMemberDto(found, open.get(accountId) ?? 0);
  }

  private async mail(auth: AuthContext, invitation: InvitationRow, token: string) {
    const [inviter, companyName] = await Promise.all([
      findAccountById(this.deps.db, auth.accountId),
      companyNameOf(this.deps.db, invitation.businessId),
    ]);
    sendInBackground(
      this.deps,
      invitationMail(invitation.email, {
        companyName,
        inviterName: inviter?.name ?? 'A member',
        role: invitation.role,
        url: invitationLink(this.deps.config.PUBLIC_URL, token),
      }),
    );
  }
}

const seatsFull = (limit: number) =>
  new BusinessRuleError(
    `No seats left: the business may have ${limit} members, pending invitations included. Revoke an invitation, remove a member or ask for more seats.`,
    { reason: 'seat-limit', seatLimit: limit },
  );
