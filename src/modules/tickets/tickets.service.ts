import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf, isAdminRole } from '../../platform/auth/principal.js';
import { NotFoundError } from '../../platform/http/errors.js';
import { type PageQuery, pageOffset, toPage } from '../../platform/http/pagination.js';
import type { NotificationInput } from '../notifications/index.js';
import {
  type AdminTicketRow,
  type CommentRow,
  commentsOf,
  findAnyTicket,
  findBusinessTicket,
  insertComment,
  insertTicket,
  listAllTickets,
  listBusinessTickets,
  type TicketRow,
  updateTicketStatus,
} from './tickets.repository.js';
import type { AdminListQuery, CreateTicketInput, StatusInput } from './tickets.schemas.js';

function toCommentDto(c: CommentRow) {
  return {
    id: c.id,
    content: c.content,
    authorType: c.authorType as 'business' | 'admin',
    createdAt: c.createdAt.toISOString(),
  };
}

function toTicketDto(t: TicketRow, comments: CommentRow[]) {
  return {
    id: t.id,
    businessId: t.businessId,
    issueType: t.issueType,
    question: t.question,
    uploadFileUrl: t.uploadFileUrl,
    status: t.status,
    priority: t.priority,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    comments: comments.map(toCommentDto),
  };
}

/** A short quote of the ticket for notification texts. */
function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export class TicketsService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>) {}

  async create(auth: AuthContext, input: CreateTicketInput) {
    const ticket = await insertTicket(this.deps.db, {
      businessId: businessOf(auth),
      accountId: auth.accountId,
      issueType: input.issueType,
      question: input.question,
      uploadFileUrl: input.uploadFileUrl,
    });
    return toTicketDto(ticket, []);
  }

  async listOwn(auth: AuthContext, q: PageQuery) {
    const { rows, total } = await listBusinessTickets(this.deps.db, businessOf(auth), {
      limit: q.pageSize,
      offset: pageOffset(q),
    });
    const comments = await commentsOf(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return toPage(
      rows.map((r) => toTicketDto(r, comments.get(r.id) ?? [])),
      total,
      q,
    );
  }

  async get(auth: AuthContext, id: string) {
    const ticket = await this.visibleTicket(auth, id);
    const comments = await commentsOf(this.deps.db, [ticket.id]);
    return toTicketDto(ticket, comments.get(ticket.id) ?? []);
  }

  async listAll(q: AdminListQuery) {
    const { rows, total } = await listAllTickets(
      this.deps.db,
      { status: q.status, search: q.search || undefined },
      { limit: q.pageSize, offset: pageOffset(q) },
    );
    const comments = await commentsOf(
      this.deps.db,
      rows.map((r) => r.ticket.id),
    );
    return toPage(
      rows.map((r: AdminTicketRow) => ({
        ...toTicketDto(r.ticket, comments.get(r.ticket.id) ?? []),
        business: r.business,
      })),
      total,
      q,
    );
  }

  /** The owner or any admin may comment; the owner hears about an admin's reply. */
  async comment(auth: AuthContext, id: string, content: string) {
    const ticket = await this.visibleTicket(auth, id);
    const byOwner = ticket.businessId === auth.businessId;
    const comment = await insertComment(this.deps.db, {
      ticketId: ticket.id,
      authorAccountId: auth.accountId,
      authorType: byOwner ? 'business' : 'admin',
      content,
    });
    if (!byOwner) {
      await this.notifyOwner(ticket, {
        type: 'ticket.commented',
        title: 'New reply on your ticket',
        message: `Support replied to your ticket "${excerpt(ticket.question)}": ${excerpt(content, 140)}`,
      });
    }
    return toCommentDto(comment);
  }

  /** Any move between statuses is allowed (docs/api.md "Business rules"); the owner is told when the status changes. */
  async setStatus(id: string, change: StatusInput) {
    const updated = await updateTicketStatus(this.deps.db, id, change);
    if (!updated) throw new NotFoundError('Ticket');
    const { ticket, previousStatus } = updated;
    if (ticket.status !== previousStatus) {
      await this.notifyOwner(ticket, {
        type: 'ticket.updated',
        title: 'Ticket status updated',
        message: `Your ticket "${excerpt(ticket.question)}" is now ${ticket.status}.`,
      });
    }
    const comments = await commentsOf(this.deps.db, [ticket.id]);
    return toTicketDto(ticket, comments.get(ticket.id) ?? []);
  }

  /** A business sees its own tickets; an admin sees every ticket. Anything else is missing (404). */
  private async visibleTicket(auth: AuthContext, id: string): Promise<TicketRow> {
    const ticket = isAdminRole(auth.role)
      ? await findAnyTicket(this.deps.db, id)
      : auth.businessId
        ? await findBusinessTicket(this.deps.db, auth.businessId, id)
        : null;
    if (!ticket) throw new NotFoundError('Ticket');
    return ticket;
  }

  /** After the change has committed; a failed notification is logged, the change stands. */
  private async notifyOwner(ticket: TicketRow, input: NotificationInput): Promise<void> {
    try {
      await this.deps.notifier.toBusiness(ticket.businessId, input);
    } catch (err) {
      this.deps.logger.error({ err, ticketId: ticket.id }, 'ticket notification not created');
    }
  }
}
