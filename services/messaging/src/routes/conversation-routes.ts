import type { FastifyInstance } from 'fastify';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  ConversationQuerySchema,
  ConversationSchema,
  InboxQuerySchema,
  InboxSchema,
  MessageSchema,
  ReadBodySchema,
  SendMessageBodySchema,
  StartConversationAnswerSchema,
  StartConversationBodySchema,
  UnreadCountSchema,
} from '@bilmarknaden/shared/schemas/messaging-schemas';
import { MESSAGE_LIMITS } from '@bilmarknaden/shared/validation/message';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { INBOX_PAGE, MESSAGE_PAGE } from '../services/conversation-service.ts';
import { IdParamsSchema, parseId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

const ANYONE_ELSE = 'Anyone but the two participants gets 404, whatever the id.';

export function conversationRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { conversations, auth } = ctx;
  // preValidation: a request without a good token is 401 before its body is looked at.
  const route = { preValidation: auth.required };

  typed(app).post(
    messagingPaths.conversations,
    {
      ...route,
      schema: {
        summary: "Ask about an ad: starts the caller's conversation with the seller, or continues it",
        description:
          `Text 1–${MESSAGE_LIMITS.textMax} characters (trimmed). Not on one's own ad (400); an ad that is not ` +
          'visible is 404. At most 20 new conversations and 200 messages per user an hour (429 with Retry-After).',
        tags: ['conversations'],
        security: bearerSecurity,
        body: asFormBody(StartConversationBodySchema),
        response: { 201: StartConversationAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const answer = await conversations.start(auth.user(request), request.body ?? {});
      return reply.code(201).send(answer);
    },
  );

  typed(app).get(
    messagingPaths.conversations,
    {
      ...route,
      schema: {
        summary: "The caller's inbox, newest message first",
        description: `${INBOX_PAGE} conversations a page; pass nextCursor as cursor for the next one.`,
        tags: ['conversations'],
        security: bearerSecurity,
        querystring: InboxQuerySchema,
        response: { 200: InboxSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => conversations.inbox(auth.user(request).username, request.query.cursor),
  );

  typed(app).get(
    messagingPaths.unreadCount,
    {
      ...route,
      schema: {
        summary: 'How many conversations hold messages the caller has not read',
        tags: ['conversations'],
        security: bearerSecurity,
        response: { 200: UnreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ unread: await conversations.unreadCount(auth.user(request).username) }),
  );

  typed(app).get(
    messagingPaths.conversation(':id'),
    {
      ...route,
      schema: {
        summary: 'One conversation with its newest messages, oldest first',
        description: `The newest ${MESSAGE_PAGE} messages, or those before ?before=<message id>. ${ANYONE_ELSE}`,
        tags: ['conversations'],
        security: bearerSecurity,
        params: IdParamsSchema,
        querystring: ConversationQuerySchema,
        response: { 200: ConversationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => conversations.get(auth.user(request).username, parseId(request.params.id), request.query.before),
  );

  typed(app).post(
    messagingPaths.messages(':id'),
    {
      ...route,
      schema: {
        summary: 'Answer in a conversation',
        description:
          `Text 1–${MESSAGE_LIMITS.textMax} characters. 403 while either party blocks the other; ` +
          `at most 200 messages per user an hour (429 with Retry-After). ${ANYONE_ELSE}`,
        tags: ['conversations'],
        security: bearerSecurity,
        params: IdParamsSchema,
        body: asFormBody(SendMessageBodySchema),
        response: { 201: MessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const message = await conversations.send(
        auth.user(request).username,
        parseId(request.params.id),
        request.body ?? {},
      );
      return reply.code(201).send(message);
    },
  );

  typed(app).put(
    messagingPaths.read(':id'),
    {
      ...route,
      schema: {
        summary: "Mark the caller's messages read up to a message id",
        description: `Never moves backwards; an id past the last message marks everything read. ${ANYONE_ELSE}`,
        tags: ['conversations'],
        security: bearerSecurity,
        params: IdParamsSchema,
        body: ReadBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await conversations.read(auth.user(request).username, parseId(request.params.id), request.body.upTo);
      return reply.code(204).send(null);
    },
  );
}
