import type { FastifyInstance } from 'fastify';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { SellerReplyTimeSchema, UsernameQuerySchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { AdConversationCountsSchema } from '@bilmarknaden/shared/schemas/ad-lifecycle-schemas';
import type { RouteContext } from './context.ts';

/** What anyone may know of a seller's answering (the seller box, issue 42), and a seller's own counts (issue 43). */
export function sellerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  typed(app).get(
    messagingPaths.sellerReplyTime,
    {
      schema: {
        summary: "A seller's median time to a first answer",
        description:
          'Over the conversations about their ads started in the last 90 days, in minutes; null with fewer than 3 ' +
          'or when most go unanswered (an unanswered conversation a day old counts as never answered).',
        tags: ['conversations'],
        querystring: UsernameQuerySchema,
        response: { 200: SellerReplyTimeSchema, ...errorResponses(400) },
      },
    },
    async (request) => ctx.conversations.sellerReplyTime(request.query),
  );

  typed(app).get(
    messagingPaths.adConversationCounts,
    {
      preValidation: ctx.auth.required,
      schema: {
        summary: "How many conversations there are about each of the caller's ads ('Mina annonser')",
        description: 'Only ads with at least one conversation are listed.',
        tags: ['conversations'],
        security: bearerSecurity,
        response: { 200: AdConversationCountsSchema, ...errorResponses(401) },
      },
    },
    async (request) => ctx.conversations.countsPerAd(ctx.auth.user(request).username),
  );
}
