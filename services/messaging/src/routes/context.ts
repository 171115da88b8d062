import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { parseRowId } from '@bilmarknaden/shared/schemas/id-schemas';
import type { TokenClaims } from '@bilmarknaden/shared/auth/token';
import type { BearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import type { ConversationService } from '../services/conversation-service.ts';

/** What every route file gets from the plugin. */
export interface RouteContext {
  conversations: ConversationService;
  /** Bearer token hooks (`required`, `optional`) and the verified user. */
  auth: BearerAuth<TokenClaims>;
}

/** The app with the routes' TypeBox schemas giving the request and reply types. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

/** A conversation id from the path: digits only and within the column's range, else null (answered 404). */
export const parseId = parseRowId;

/** The params of a `/conversations/:id…` route: declared a string, read by `parseId`. */
export const IdParamsSchema = Type.Object({ id: Type.String() });
