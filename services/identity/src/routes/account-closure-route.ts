import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';
import type { IdentityContext } from '../context.ts';
import type { UserRecord } from '../repositories/users-repository.ts';
import { bearerSecurity, errors } from '../schemas/common-schemas.ts';
import { accountClosureBodySchema } from '../schemas/user-schemas.ts';
import { sendTooManyAttempts } from './too-many-attempts.ts';

/** Tells the host of a closed account without ever failing the answer: the closure has committed. */
function announceClosed(
  onAccountClosed: ((username: string) => void) | undefined,
  username: string,
  log: FastifyBaseLogger,
): void {
  if (!onAccountClosed) return;
  const failed = (err: unknown) => log.error({ err }, 'onAccountClosed failed; the closure stays pending');
  try {
    const result: unknown = onAccountClosed(username);
    if (result instanceof Promise) result.catch(failed);
  } catch (err) {
    failed(err);
  }
}

export function accountClosureRoute(app: FastifyInstance, ctx: IdentityContext): void {
  const authenticated = new WeakMap<FastifyRequest, UserRecord>();
  app.delete<{ Body: Record<string, unknown> }>(
    identityPaths.user,
    {
      bodyLimit: ctx.bodyLimit,
      // The token before the body's validation (as PUT /user/password): without one the answer is 401.
      preValidation: async (request, reply) => {
        const user = await ctx.authenticate(request, reply);
        if (!user) return reply;
        authenticated.set(request, user);
        // No body at all is a missing password: the rule's message, not the schema's.
        request.body ??= {};
      },
      schema: {
        summary: 'Radera kontot',
        description:
          'Raderar den inloggade användarens konto för gott och svarar 204 utan innehåll. Kräver kontots lösenord. Namn, e-postadress, adress, telefonnummer och lösenord tas bort, liksom kontots inloggningsförsök; användarnamnet delas aldrig ut igen (det kan inte registreras på nytt), medan e-postadressen kan användas för ett nytt konto. Användarens annonser, bilder och sparade annonser raderas därefter av annonstjänsten. Tokens för kontot godtas inte längre av identitetstjänsten. 403: fel lösenord, 429: för många felaktiga lösenord (Retry-After, delas med inloggningen).',
        tags: ['user'],
        security: bearerSecurity,
        body: accountClosureBodySchema,
        response: { 204: { type: 'null', description: 'Kontot är raderat.' }, ...errors(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const result = await ctx.accountClosure.close(authenticated.get(request)!, request.body, request.ip);
      switch (result.kind) {
        case 'invalid':
          return reply.code(400).send(result.failure);
        case 'limited':
          return sendTooManyAttempts(reply, result.retryAfterSeconds, ACCOUNT_CLOSURE_MESSAGES.tooMany);
        case 'wrong-password':
          return reply.code(403).send({ message: ACCOUNT_CLOSURE_MESSAGES.wrongPassword, field: 'password' });
        case 'closed':
          if (result.closedNow) announceClosed(ctx.onAccountClosed, result.username, request.log);
          return reply.code(204).header('cache-control', 'no-store').send();
      }
    },
  );
}
