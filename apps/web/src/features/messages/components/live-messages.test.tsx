import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation } from '@bilmarknaden/shared/api-types';
import { screen, waitFor } from '@testing-library/react';
import { LiveMessages } from './live-messages.tsx';
import { applyLiveEvent } from '../hooks/use-live-messages.ts';
import { messageKeys } from '../api/messaging-api.ts';
import { storeSession } from '../../../lib/session-store.ts';
import {
  eventStream,
  fakeJwt,
  jsonResponse,
  mockApi,
  renderRoutes,
  testQueryClient,
} from '../../../test/test-utils.tsx';
import { conversation, message } from '../../../test/message-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const event = (name: string, data: unknown, id?: number) =>
  `event: ${name}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

function setup() {
  storeSession(fakeJwt({ sub: 'anna' }));
  const stream = eventStream();
  const api = mockApi({
    'GET /api/messaging/events': () => stream.response,
    'GET /api/messaging/conversations/8': jsonResponse(conversation(8, [], { username: 'bertil' })),
    'GET /api/messaging/conversations': jsonResponse({ conversations: [], nextCursor: null }),
    'GET /api/messaging/conversations/unread-count': jsonResponse({ unread: 1 }),
  });
  const view = renderRoutes([{ path: '/', element: <LiveMessages /> }]);
  return { stream, api, ...view };
}

describe('LiveMessages', () => {
  it('adds a message to the open conversation once, refreshes the badge and announces who wrote', async () => {
    const { stream, queryClient, api } = setup();
    queryClient.setQueryData<InfiniteData<Conversation>>(messageKeys.conversation(5), {
      pages: [conversation(5, [message(1, 'Hej', true)])],
      pageParams: [null],
    });
    const unread = queryClient.getQueryCache().build(queryClient, { queryKey: messageKeys.unread });
    await waitFor(() => expect(api).toHaveBeenCalled());
    const received = message(2, 'Ja, den finns kvar');
    stream.send(event('message', { conversationId: 5, message: received }, 2));
    stream.send(event('message', { conversationId: 5, message: received }, 2));
    expect(await screen.findByText('Nytt meddelande från kalle')).toBeInTheDocument();
    const data = queryClient.getQueryData<InfiniteData<Conversation>>(messageKeys.conversation(5))!;
    expect(data.pages[0]!.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(unread.state.isInvalidated).toBe(true);
  });

  it('names the writer of a conversation this tab has not seen, and announces nothing for its own', async () => {
    const { stream } = setup();
    stream.send(event('message', { conversationId: 8, message: message(3, 'Mitt eget', true) }, 3));
    stream.send(event('message', { conversationId: 8, message: message(4, 'Hej') }, 4));
    const region = screen.getByRole('status');
    await waitFor(() => expect(region).toHaveTextContent('Nytt meddelande från bertil'));
    expect(region.textContent).toBe('Nytt meddelande från bertil');
  });

  it('a read elsewhere refreshes the badge', async () => {
    const { stream, queryClient } = setup();
    const unread = queryClient.getQueryCache().build(queryClient, { queryKey: messageKeys.unread });
    stream.send(event('read', { conversationId: 5 }));
    await waitFor(() => expect(unread.state.isInvalidated).toBe(true));
  });
});

describe('applyLiveEvent', () => {
  it('announces a message once: a replayed event is neither added again nor announced', async () => {
    const client = testQueryClient();
    client.setQueryData<InfiniteData<Conversation>>(messageKeys.conversation(5), {
      pages: [conversation(5, [])],
      pageParams: [null],
    });
    const sse = { event: 'message', id: '2', data: JSON.stringify({ conversationId: 5, message: message(2, 'Hej') }) };
    expect(await applyLiveEvent(client, sse)).toBe('Nytt meddelande från kalle');
    expect(await applyLiveEvent(client, sse)).toBeNull();
    expect(
      client.getQueryData<InfiniteData<Conversation>>(messageKeys.conversation(5))!.pages[0]!.messages,
    ).toHaveLength(1);
  });

  it('ignores what it cannot read', async () => {
    const client = testQueryClient();
    expect(await applyLiveEvent(client, { event: 'message', id: undefined, data: 'inte json' })).toBeNull();
    expect(
      await applyLiveEvent(client, { event: 'message', id: undefined, data: '{"conversationId":"x"}' }),
    ).toBeNull();
  });
});
