import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Data, Query } from '../types';

/** Every inbox query starts with this key: a live message invalidates it. */
export const conversationKeys = { all: ['conversations'] as const };

export type ConversationQuery = Query<'/api/v1/conversations'>;

export const conversationsQuery = (query: ConversationQuery) =>
  queryOptions({
    queryKey: [...conversationKeys.all, 'list', query],
    queryFn: () => unwrap(api.GET('/api/v1/conversations', { params: { query } })),
  });

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: [...conversationKeys.all, 'one', id],
    queryFn: () => unwrap(api.GET('/api/v1/conversations/{id}', { params: { path: { id } } })),
  });

/** The latest page of a thread (newest first; the page shows it oldest first). */
export const conversationMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: [...conversationKeys.all, 'messages', id],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/conversations/{id}/messages', {
          params: { path: { id }, query: { page: 1, pageSize: 100 } },
        }),
      ),
  });

/** The menu's badge: conversations with unread messages. */
export const unreadConversationsQuery = queryOptions({
  queryKey: [...conversationKeys.all, 'unread'],
  queryFn: () => unwrap(api.GET('/api/v1/conversations/unread')),
});

export type AssignmentSettings = Data<'/api/v1/inbox/assignment', 'get'>;

/** How the business hands new conversations out (off, round robin, least open) and each member's cap. */
export const assignmentSettingsQuery = queryOptions({
  queryKey: ['inbox-assignment'],
  queryFn: () => unwrap(api.GET('/api/v1/inbox/assignment')),
});
