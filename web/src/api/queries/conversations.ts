import { api } from '../client';
import type { Data, Query } from '../types';
import { apiQuery } from './api-query';

/** Every inbox query starts with this key: a live message invalidates it. */
export const conversationKeys = { all: ['conversations'] as const };

export type ConversationQuery = Query<'/api/v1/conversations'>;

export const conversationsQuery = (query: ConversationQuery) =>
  apiQuery([...conversationKeys.all, 'list', query], () =>
    api.GET('/api/v1/conversations', { params: { query } }),
  );

export const conversationQuery = (id: string) =>
  apiQuery([...conversationKeys.all, 'one', id], () =>
    api.GET('/api/v1/conversations/{id}', { params: { path: { id } } }),
  );

/** The latest page of a thread (newest first; the page shows it oldest first). */
export const conversationMessagesQuery = (id: string) =>
  apiQuery([...conversationKeys.all, 'messages', id], () =>
    api.GET('/api/v1/conversations/{id}/messages', {
      params: { path: { id }, query: { page: 1, pageSize: 100 } },
    }),
  );

/** The menu's badge: conversations with unread messages. */
export const unreadConversationsQuery = apiQuery([...conversationKeys.all, 'unread'], () =>
  api.GET('/api/v1/conversations/unread'),
);

export type AssignmentSettings = Data<'/api/v1/inbox/assignment', 'get'>;

/** How the business hands new conversations out (off, round robin, least open) and each member's cap. */
export const assignmentSettingsQuery = apiQuery(['inbox-assignment'], () =>
  api.GET('/api/v1/inbox/assignment'),
);
