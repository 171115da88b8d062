import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { DealerProfileSchema } from '@bilmarknaden/shared/schemas/dealer-schemas';
import {
  ApiKeyBodySchema,
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
  DealerApplicationListSchema,
  DealerBodySchema,
  DealerInviteAcceptBodySchema,
  DealerInviteBodySchema,
  DealerMemberParamsSchema,
  DealerMembersSchema,
  DealerRejectBodySchema,
  DealerSlugParamsSchema,
  OwnDealerAnswerSchema,
  OwnDealerSchema,
} from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import { DEALER_LIMITS } from '@bilmarknaden/shared/validation/dealer';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { IdParamsSchema, pathId, typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, type IdentityContext } from '../context.ts';
import { DEALER_SERVICE_MESSAGES } from '../services/dealer-service.ts';

const tags = ['dealer'];
const noStore = 'no-store';

/** Dealer accounts (issue 45, decision 059): the application, 'Mitt företag', the public profile, staff decisions. */
export function dealerRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const own = { preValidation: ctx.auth.required };
  const withBody = { preValidation: [ctx.auth.required, emptyBodyAsObject] };

  typed(app).post(
    identityPaths.dealerApplication,
    {
      ...withBody,
      schema: {
        summary: "Apply to become a dealer ('Bli handlare')",
        description:
          'The caller becomes the owner of a pending dealer; staff approve it in the Kontrollpanel. A rejected application of the caller is sent in again. 400 names the field; 409: the caller already acts for a dealer, or the organisationsnummer is registered.',
        tags,
        security: bearerSecurity,
        body: asFormBody(DealerBodySchema),
        response: { 200: OwnDealerSchema, ...errorResponses(400, 401, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send(await ctx.dealers.apply(ctx.auth.user(request), request.body)),
  );

  typed(app).get(
    identityPaths.ownDealer,
    {
      ...own,
      schema: {
        summary: "The caller's dealer, whatever its status, or null",
        tags,
        security: bearerSecurity,
        response: { 200: OwnDealerAnswerSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send({ dealer: await ctx.dealers.own(ctx.auth.user(request)) }),
  );

  typed(app).put(
    identityPaths.ownDealer,
    {
      ...withBody,
      schema: {
        summary: "Edit the caller's dealer's details",
        description:
          "Any member. The organisationsnummer cannot change; the page's address follows the name until the dealer is approved.",
        tags,
        security: bearerSecurity,
        body: asFormBody(DealerBodySchema),
        response: { 200: OwnDealerSchema, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send(await ctx.dealers.update(ctx.auth.user(request), request.body)),
  );

  // The logo is the body itself; told apart by its first bytes, whatever type the request declares.
  void app.register(async (logoApp) => {
    logoApp.addContentTypeParser(
      /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/,
      { parseAs: 'buffer', bodyLimit: DEALER_LIMITS.logoBytes },
      (_request, body, done) => done(null, body),
    );
    typed(logoApp).put(
      identityPaths.ownDealerLogo,
      {
        ...own,
        schema: {
          summary: "Upload the caller's dealer's logo",
          description: `PNG, JPEG or WebP as the body, at most ${DEALER_LIMITS.logoBytes / 1024} KiB (413).`,
          tags,
          security: bearerSecurity,
          response: { 200: OwnDealerSchema, ...errorResponses(400, 401, 404, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!(body instanceof Uint8Array)) {
          throw new DomainError('invalid', DEALER_SERVICE_MESSAGES.logoType, { field: 'logo' });
        }
        return reply.header('cache-control', noStore).send(await ctx.dealers.setLogo(ctx.auth.user(request), body));
      },
    );
  });

  typed(app).get(
    identityPaths.dealerMembers,
    {
      ...own,
      schema: {
        summary: "The dealer's members, and for the owner its open invitations",
        tags,
        security: bearerSecurity,
        response: { 200: DealerMembersSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send(await ctx.dealers.members(ctx.auth.user(request))),
  );

  typed(app).delete(
    identityPaths.dealerMember(':username'),
    {
      ...own,
      schema: {
        summary: 'Remove a member (the owner), or leave the dealer (a member naming themself)',
        tags,
        security: bearerSecurity,
        params: DealerMemberParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await ctx.dealers.removeMember(ctx.auth.user(request), request.params.username);
      return reply.code(204).send(null);
    },
  );

  typed(app).post(
    identityPaths.dealerInvites,
    {
      ...withBody,
      schema: {
        summary: 'Invite someone by mail (the owner of an approved dealer)',
        description: 'The link works for 7 days, once; the token is stored only as its SHA-256.',
        tags,
        security: bearerSecurity,
        body: asFormBody(DealerInviteBodySchema),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await ctx.dealers.invite(ctx.auth.user(request), request.body);
      return reply.code(204).send(null);
    },
  );

  typed(app).delete(
    identityPaths.dealerInvite(':id'),
    {
      ...own,
      schema: {
        summary: 'Withdraw an open invitation (the owner)',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await ctx.dealers.withdrawInvite(ctx.auth.user(request), pathId(request, DEALER_SERVICE_MESSAGES.noInvite));
      return reply.code(204).send(null);
    },
  );

  typed(app).post(
    identityPaths.dealerInviteAcceptance,
    {
      ...withBody,
      schema: {
        summary: 'Accept an invitation: the caller becomes a member of its dealer',
        description: '404: no such invitation; 400: expired; 409: used already, or the caller acts for a dealer.',
        tags,
        security: bearerSecurity,
        body: asFormBody(DealerInviteAcceptBodySchema),
        response: { 200: OwnDealerSchema, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send(await ctx.dealers.acceptInvite(ctx.auth.user(request), request.body)),
  );

  typed(app).get(
    identityPaths.dealerApiKeys,
    {
      ...own,
      schema: {
        summary: "The dealer's feed keys (the owner): prefix and use, never the key",
        tags,
        security: bearerSecurity,
        response: { 200: ApiKeyListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send(await ctx.dealers.apiKeys(ctx.auth.user(request))),
  );

  typed(app).post(
    identityPaths.dealerApiKeys,
    {
      ...withBody,
      schema: {
        summary: 'Make a feed key (the owner of an approved dealer)',
        description: 'The key is in this answer only; it is stored as its SHA-256. At most 10 live keys (409).',
        tags,
        security: bearerSecurity,
        body: asFormBody(ApiKeyBodySchema),
        response: { 200: ApiKeyCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send(await ctx.dealers.createApiKey(ctx.auth.user(request), request.body)),
  );

  typed(app).delete(
    identityPaths.dealerApiKey(':id'),
    {
      ...own,
      schema: {
        summary: 'Revoke a feed key (the owner)',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await ctx.dealers.revokeApiKey(ctx.auth.user(request), pathId(request, DEALER_SERVICE_MESSAGES.noKey));
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    identityPaths.dealerProfile(':slug'),
    {
      schema: {
        summary: "An approved dealer's public profile ('/handlare/{slug}')",
        description: '404 for a pending, rejected or unknown dealer.',
        tags,
        params: DealerSlugParamsSchema,
        response: { 200: DealerProfileSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ctx.dealers.profile(request.params.slug),
  );

  typed(app).get(
    identityPaths.dealerLogo(':slug'),
    {
      schema: {
        summary: "An approved dealer's logo",
        description: 'The address carries the version (?v=n) the profile names, so the image is cached for good.',
        tags,
        params: DealerSlugParamsSchema,
        querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 20 })) }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP' }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const logo = await ctx.dealers.logo(request.params.slug);
      const versioned = request.query.v === String(logo.version);
      return reply
        .header('content-type', logo.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .send(logo.bytes);
    },
  );

  typed(app).get(
    identityPaths.dealerApplications,
    {
      ...own,
      schema: {
        summary: 'Staff: the dealer applications waiting for a decision',
        tags,
        security: bearerSecurity,
        response: { 200: DealerApplicationListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', noStore).send(await ctx.dealers.pending(ctx.auth.user(request))),
  );

  typed(app).post(
    identityPaths.dealerApproval(':id'),
    {
      ...own,
      schema: {
        summary: 'Staff: approve a pending application; the applicant is told by mail',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await ctx.dealers.decide(
        ctx.auth.user(request),
        pathId(request, DEALER_SERVICE_MESSAGES.noApplication),
        'approved',
      );
      return reply.code(204).send(null);
    },
  );

  typed(app).post(
    identityPaths.dealerRejection(':id'),
    {
      ...withBody,
      schema: {
        summary: 'Staff: reject a pending application with a reason; the applicant is told by mail',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: asFormBody(DealerRejectBodySchema),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      await ctx.dealers.decide(
        ctx.auth.user(request),
        pathId(request, DEALER_SERVICE_MESSAGES.noApplication),
        'rejected',
        request.body,
      );
      return reply.code(204).send(null);
    },
  );
}
