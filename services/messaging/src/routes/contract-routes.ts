import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  ChecklistBodySchema,
  ContractAnswerSchema,
  ContractBodySchema,
  ContractSchema,
  SignBodySchema,
} from '@bilmarknaden/shared/schemas/contract-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { IdParamsSchema, parseId, typed } from '@bilmarknaden/service-kit/route-context';
import type { BearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import type { TokenClaims } from '@bilmarknaden/shared/auth/token';
import type { ContractService } from '../services/contract-service.ts';

const ANYONE_ELSE = 'Anyone but the two participants gets 404, whatever the id.';

/** The köpekontrakt of a conversation (issue 41, decision 055). */
export function contractRoutes(
  app: FastifyInstance,
  { contracts, auth }: { contracts: ContractService; auth: BearerAuth<TokenClaims> },
): void {
  const route = { preValidation: auth.required };
  const common = { tags: ['contracts'], security: bearerSecurity, params: IdParamsSchema };

  typed(app).get(
    messagingPaths.contract(':id'),
    {
      ...route,
      schema: {
        ...common,
        summary: "The conversation's köpekontrakt, or the seller's prefilled draft while there is none",
        description: ANYONE_ELSE,
        response: { 200: ContractAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => contracts.get(auth.user(request).username, parseId(request.params.id)),
  );

  typed(app).put(
    messagingPaths.contract(':id'),
    {
      ...route,
      schema: {
        ...common,
        summary: "Create or change the köpekontrakt ('Skapa köpekontrakt'): the seller only",
        description:
          'A change clears both signatures and tells the buyer; an unchanged body changes nothing. A signed ' +
          `contract, or one for a sold ad, is 409; one for a removed ad 400; the buyer 403. ${ANYONE_ELSE}`,
        body: ContractBodySchema,
        response: { 200: ContractSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      contracts.save(auth.user(request).username, parseId(request.params.id), request.body as Record<string, unknown>),
  );

  typed(app).post(
    messagingPaths.contractSignature(':id'),
    {
      ...route,
      schema: {
        ...common,
        summary: "Sign the version the caller read ('Signera'); the second signature freezes the contract",
        description:
          'Signing twice, a version changed since, a signed contract or a sold ad: 409; a removed ad: 400. ' +
          'When both have signed, the text and its SHA-256 are kept and the ad is marked sold. ' +
          ANYONE_ELSE,
        body: SignBodySchema,
        response: { 200: ContractSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => contracts.sign(auth.user(request).username, parseId(request.params.id), request.body.version),
  );

  typed(app).put(
    messagingPaths.contractChecklist(':id'),
    {
      ...route,
      schema: {
        ...common,
        summary: "Tick or untick one of the caller's items of the 'Ägarbyte' checklist",
        description: `Only after both signed (409 before); the other party's item is 403. ${ANYONE_ELSE}`,
        body: ChecklistBodySchema,
        response: { 200: ContractSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      contracts.tick(auth.user(request).username, parseId(request.params.id), request.body.item, request.body.done),
  );

  typed(app).get(
    messagingPaths.contractPdf(':id'),
    {
      ...route,
      schema: {
        ...common,
        summary: 'The signed köpekontrakt as a PDF (application/pdf)',
        description: `409 until both have signed. ${ANYONE_ELSE}`,
        response: {
          200: Type.String({ format: 'binary', description: 'application/pdf' }),
          ...errorResponses(401, 404, 409),
        },
      },
    },
    // The answer is the PDF's bytes (Fastify sends a Buffer as it is); the schema only describes it.
    async (request, reply) => {
      const { bytes, filename } = await contracts.pdf(auth.user(request).username, parseId(request.params.id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes) as unknown as string);
    },
  );
}
