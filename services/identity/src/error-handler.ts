import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const ERROR_MESSAGES = {
  badRequest: 'Ogiltig förfrågan',
  badJson: 'Förfrågan innehåller ogiltig JSON',
  tooLarge: 'Förfrågan är för stor',
  mediaType: 'Skicka förfrågan som JSON',
  tooMany: 'För många förfrågningar. Försök igen om en stund.',
  notFound: 'Sidan kunde inte hittas',
  internal: 'Något gick fel. Försök igen om en stund.',
} as const;

const BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ERROR_MESSAGES.badJson, // also __proto__ and constructor keys
  FST_ERR_CTP_EMPTY_JSON_BODY: ERROR_MESSAGES.badJson,
  FST_ERR_CTP_BODY_TOO_LARGE: ERROR_MESSAGES.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERROR_MESSAGES.mediaType,
};

/** The input a schema validation error is about, e.g. 'username' for '/username'. */
function validationField(err: FastifyError): string | undefined {
  const first = err.validation?.[0];
  if (!first) return undefined;
  const missing = (first.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  const field = typeof missing === 'string' ? missing : first.instancePath.split('/')[1];
  return field || undefined;
}

/** Swedish `{message, field?}` for every error; 5xx are logged in full and answered without details. */
export function identityErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
  const context = { method: request.method, route: request.routeOptions.url, reqId: request.id };
  if (status >= 500) {
    request.log.error({ err, ...context }, 'identity request failed');
    return reply.code(500).send({ message: ERROR_MESSAGES.internal });
  }
  request.log.info({ code: err.code, statusCode: status, ...context }, 'identity request refused');
  if (err.validation) {
    const field = validationField(err);
    return reply
      .code(400)
      .send(field ? { message: ERROR_MESSAGES.badRequest, field } : { message: ERROR_MESSAGES.badRequest });
  }
  const message =
    BY_CODE[err.code] ??
    (status === 429 ? ERROR_MESSAGES.tooMany : status === 404 ? ERROR_MESSAGES.notFound : ERROR_MESSAGES.badRequest);
  return reply.code(status).send({ message });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(identityErrorHandler);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: ERROR_MESSAGES.notFound }));
}
