import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import type { Conversation, Inbox, Message, StartedConversation, UnreadCount } from '@bilmarknaden/shared/api-types';
import { apiFetch, messagingUrl, toQuery } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';
import { useSessionToken } from '../../../lib/session-store.ts';

export { messagingUrl };

/** Everything of the user's messages sits under one key: dropped together at logout. */
export const MESSAGES_KEY = ['messages'] as const;
export const messageKeys = {
  inbox: ['messages', 'inbox'] as const,
  unread: ['messages', 'unread'] as const,
  conversation: (id: number) => ['messages', 'conversation', id] as const,
};

export const fetchInbox = (cursor: string | null, signal?: AbortSignal) =>
  logged(
    apiFetch<Inbox>(messagingUrl(`${messagingPaths.conversations}${toQuery({ cursor })}`), { auth: true, signal }),
  );

export const fetchUnreadCount = (signal?: AbortSignal) =>
  logged(apiFetch<UnreadCount>(messagingUrl(messagingPaths.unreadCount), { auth: true, signal }));

export const fetchConversation = (id: number, before: number | null, signal?: AbortSignal) =>
  logged(
    apiFetch<Conversation>(messagingUrl(`${messagingPaths.conversation(id)}${toQuery({ before })}`), {
      auth: true,
      signal,
    }),
  );

export const startConversation = (carId: number, text: string) =>
  apiFetch<StartedConversation>(messagingUrl(messagingPaths.conversations), {
    method: 'POST',
    auth: true,
    body: { carId, text },
  });

export const sendMessage = (id: number, text: string) =>
  apiFetch<Message>(messagingUrl(messagingPaths.messages(id)), { method: 'POST', auth: true, body: { text } });

export const markRead = (id: number, upTo: number) =>
  apiFetch<void>(messagingUrl(messagingPaths.read(id)), { method: 'PUT', auth: true, body: { upTo } });

export const setBlocked = (id: number, blocked: boolean) =>
  apiFetch<void>(messagingUrl(messagingPaths.block(id)), { method: blocked ? 'PUT' : 'DELETE', auth: true });

export const reportConversation = (id: number, reason: string, text?: string) =>
  apiFetch<void>(messagingUrl(messagingPaths.report(id)), {
    method: 'POST',
    auth: true,
    body: text ? { reason, text } : { reason },
  });

/** The inbox, newest conversation first, a page at a time ('Visa fler'). Disabled while logged out. */
export function useInbox() {
  const token = useSessionToken();
  return useInfiniteQuery({
    queryKey: messageKeys.inbox,
    queryFn: ({ pageParam, signal }) => fetchInbox(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: token !== null,
  });
}

/** How many conversations hold unread messages: the drawer's badge. */
export function useUnreadCount() {
  const token = useSessionToken();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    select: (answer) => answer.unread,
    enabled: token !== null,
  });
}

/** A conversation: the first page holds the newest messages; each further page the ones before it. */
export function useConversation(id: number) {
  const token = useSessionToken();
  return useInfiniteQuery({
    queryKey: messageKeys.conversation(id),
    queryFn: ({ pageParam, signal }) => fetchConversation(id, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (oldest) => (oldest.hasOlder && oldest.messages[0] ? oldest.messages[0].id : undefined),
    enabled: token !== null && Number.isSafeInteger(id) && id > 0,
  });
}

/** The messages of every loaded page, oldest first. */
export function messagesOf(data: InfiniteData<Conversation> | undefined): Message[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/**
 * Puts a message into a loaded conversation once (the sender's own answer and its live event are the same).
 * Answers false when the conversation already held it.
 */
export function addMessage(client: QueryClient, conversationId: number, message: Message): boolean {
  let known = false;
  client.setQueryData<InfiniteData<Conversation>>(messageKeys.conversation(conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    known = data.pages.some((p) => p.messages.some((m) => m.id === message.id));
    if (known) return data;
    const [newest, ...older] = data.pages;
    // Ids grow with time: an event that overtook an earlier answer still lands in order.
    const messages = [...newest!.messages, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest!, messages }, ...older] };
  });
  return !known;
}

/** The inbox and the badge read again (a message came or went read). */
export function refreshLists(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: messageKeys.inbox });
  void client.invalidateQueries({ queryKey: messageKeys.unread });
}

/** Answers in a conversation; the answer shows at once and the inbox follows. */
export function useSendMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage(id, text),
    onSuccess: (message) => {
      addMessage(client, id, message);
      void client.invalidateQueries({ queryKey: messageKeys.inbox });
    },
  });
}

/** Marks the caller's messages read up to a message; the badge and the inbox's mark follow. */
export function useMarkRead(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => markRead(id, upTo),
    onSuccess: () => refreshLists(client),
    onError: (error) => console.error('Kunde inte markera som läst', error),
  });
}

export function useSetBlocked(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(id, blocked),
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.conversation(id) }),
  });
}

export function useReport(id: number) {
  return useMutation({
    mutationFn: ({ reason, text }: { reason: string; text?: string }) => reportConversation(id, reason, text),
  });
}
