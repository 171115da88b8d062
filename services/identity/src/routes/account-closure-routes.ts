import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { AccountClosureBodySchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { Log } from '@bilmarknaden/service-kit/log';
import { emptyBodyAsObject, type IdentityContext } from '../context.ts';

/** Tells the host of a closed account without ever failing the answer: the closure has committed. */
function announceClosed(
  onAccountClosed: ((username: string) => void) | undefined,
  username: string,
  log: Pick<Log, 'error'>,
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

export function accountClosureRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).delete(
    identityPaths.user,
    {
      // The token before the body's validation (as PUT /user/password): without one the answer is 401.
      preValidation: [ctx.auth.required, emptyBodyAsObject],
      schema: {
        summary: 'Close the account',
        description:
          "Closes the logged-in user's account for good and answers 204 without content. Needs the account's password. Name, email address, address, phone number and password are removed, and so are the account's login attempts; the username is never given out again (it cannot be registered anew), while the email address may be used for a new account. The user's ads, photos and saved ads are then erased by the inventory service. Identity no longer accepts the account's tokens. 403: wrong password, 429: too many wrong passwords (Retry-After, shared with the login).",
        tags: ['user'],
        security: bearerSecurity,
        body: asFormBody(AccountClosureBodySchema),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const closed = await ctx.accountClosure.close(ctx.auth.user(request), request.body, request.ip);
      if (closed.closedNow) announceClosed(ctx.onAccountClosed, closed.username, request.log);
      await ctx.tokensRevoked(request.log);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
}
