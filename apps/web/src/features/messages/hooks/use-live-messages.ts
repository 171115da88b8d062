import { useEffect, useState } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import type { Conversation, Inbox, MessageEvent as LiveMessageEvent } from '@bilmarknaden/shared/api-types';
import { getToken, useSessionToken } from '../../../lib/session-store.ts';
import { tokenUsername } from '../../../lib/token-claims.ts';
import { addMessage, fetchConversation, messageKeys, messagingUrl, refreshLists } from '../api/messaging-api.ts';
import { startLiveConnection } from '../utils/live-connection.ts';
import type { SseEvent } from '../utils/sse-parser.ts';
import { partyName } from '../utils/party-name.ts';

/** The other party of a conversation as the cache knows it: undefined when no cached list names it. */
function cachedParty(client: QueryClient, conversationId: number): string | null | undefined {
  const open = client.getQueryData<InfiniteData<Conversation>>(messageKeys.conversation(conversationId));
  if (open?.pages[0]) return open.pages[0].otherParty.username;
  const inbox = client.getQueryData<InfiniteData<Inbox>>(messageKeys.inbox);
  for (const page of inbox?.pages ?? [])
    for (const c of page.conversations) if (c.id === conversationId) return c.otherParty.username;
  return undefined;
}

/** Who wrote in a conversation: from the cache, else asked of the server (a conversation new to this tab). */
async function partyOf(client: QueryClient, conversationId: number): Promise<string | null> {
  const cached = cachedParty(client, conversationId);
  if (cached !== undefined) return cached;
  const conversation = await client.fetchQuery({
    queryKey: [...messageKeys.conversation(conversationId), 'party'],
    queryFn: ({ signal }) => fetchConversation(conversationId, null, signal),
  });
  return conversation.otherParty.username;
}

/** Applies one live event to the cache; answers the announcement for a message from the other party. */
export async function applyLiveEvent(client: QueryClient, event: SseEvent): Promise<string | null> {
  let payload: unknown;
  try {
    payload = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (event.event === 'read') {
    refreshLists(client);
    return null;
  }
  if (event.event !== 'message') return null;
  const { conversationId, message } = payload as LiveMessageEvent;
  if (typeof conversationId !== 'number' || typeof message?.id !== 'number') return null;
  const added = addMessage(client, conversationId, message);
  refreshLists(client);
  if (message.fromMe || !added) return null;
  try {
    return `Nytt meddelande från ${partyName(await partyOf(client, conversationId))}`;
  } catch {
    return 'Nytt meddelande';
  }
}

interface Announcement {
  text: string;
  id: number;
}

/**
 * Mount once (the layout): while logged in, one live connection per tab. Each event updates the open
 * conversation, the inbox and the badge; after a reconnect they are read again (the stream replays only
 * messages). Answers the text for a polite live region ('Nytt meddelande från …').
 */
export function useLiveMessages(): Announcement {
  const client = useQueryClient();
  const token = useSessionToken();
  // Another user is another stream; a refreshed token of the same user is not (it is read at reconnect).
  const owner = token ? (tokenUsername(token) ?? '') : null;
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '', id: 0 });

  useEffect(() => {
    if (owner === null) return;
    return startLiveConnection({
      url: messagingUrl(messagingPaths.events),
      getToken,
      onOpen: (again) => {
        if (!again) return;
        refreshLists(client);
        void client.invalidateQueries({ queryKey: ['messages', 'conversation'] });
      },
      onEvent: (event) =>
        void applyLiveEvent(client, event).then((text) => {
          if (text) setAnnouncement((a) => ({ text, id: a.id + 1 }));
        }),
    });
  }, [owner, client]);

  return announcement;
}
