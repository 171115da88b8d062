import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { AjvCompiler } from '@fastify/ajv-compiler';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ApiError } from '@bilmarknaden/shared/api-types';
import { DomainError } from './domain-error.ts';
import { refuseNul } from './nul-guard.ts';

/** The answers both services give to requests that never reached a rule of theirs. */
export const SERVICE_MESSAGES = {
  badRequest: 'Ogiltig förfrågan',
  badJson: 'Ogiltig JSON i förfrågan',
  tooLarge: 'Förfrågan är för stor',
  unsupportedMediaType: 'Formatet stöds inte',
  tooMany: 'För många förfrågningar. Försök igen lite senare.',
  notFound: 'Sidan finns inte',
  internal: 'Något gick fel. Försök igen senare.',
  unavailable: 'Tjänsten är tillfälligt otillgänglig. Försök igen senare.',
} as const;

export interface ServicePluginOptions {
  /** The service's name in its log lines ('identity request failed'). */
  name: string;
  /** Largest JSON body in bytes; the host server's limit does not apply. */
  jsonBodyLimit: number;
  /** Turns the service's own errors (an image library's, a form parser's) into DomainErrors. */
  translateError?: (err: unknown) => unknown;
  /**
   * The routes (`'POST /user'`, under the service's prefix) whose JSON body values are converted to their schema's
   * types, as query strings are. Only forms whose clients send numbers for text fields by the specification
   * (identity's registration); every other body is taken as it is.
   */
  convertJsonBodies?: readonly string[];
  /** The OpenAPI document and its UI at `/docs` under the service's prefix; none when omitted. */
  docs?: { title: string; description: string };
}

export interface ErrorAnswer {
  status: number;
  body: ApiError;
  headers: Record<string, string>;
}

const withField = (message: string, field: string | undefined) => (field ? { message, field } : { message });

/** The input a schema validation error is about, e.g. 'username' for '/username'. */
function validationField(err: FastifyError): string | undefined {
  const first = err.validation?.[0];
  if (!first) return undefined;
  const missing = (first.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  return (typeof missing === 'string' ? missing : first.instancePath.split('/').filter(Boolean)[0]) || undefined;
}

function clientMessage(err: Partial<FastifyError>, status: number): string {
  if (
    err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    err instanceof SyntaxError // the JSON parser's, prototype-poisoning keys included
  ) {
    return SERVICE_MESSAGES.badJson;
  }
  const byStatus: Record<number, string> = {
    404: SERVICE_MESSAGES.notFound,
    413: SERVICE_MESSAGES.tooLarge,
    415: SERVICE_MESSAGES.unsupportedMediaType,
    429: SERVICE_MESSAGES.tooMany,
  };
  return byStatus[status] ?? SERVICE_MESSAGES.badRequest;
}

/** The Swedish `{message, field?}` answer for any error; 5xx never tell the details. */
export function errorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (err.kind === 'unauthorized') headers['www-authenticate'] = 'Bearer';
    if (err.retryAfterSeconds !== undefined) headers['retry-after'] = String(err.retryAfterSeconds);
    return { status: err.status, body: withField(err.message, err.field), headers };
  }
  const e = (err ?? {}) as Partial<FastifyError>;
  if (e.validation) {
    return {
      status: 400,
      body: withField(SERVICE_MESSAGES.badRequest, validationField(e as FastifyError)),
      headers: {},
    };
  }
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status < 500) return { status, body: { message: clientMessage(e, status) }, headers: {} };
  if (status === 503) return { status, body: { message: SERVICE_MESSAGES.unavailable }, headers: {} };
  return { status: 500, body: { message: SERVICE_MESSAGES.internal }, headers: {} };
}

/**
 * swagger-ui draws its logo with one `<style>` element before the page swaps in its own: allowed by its hash in
 * the docs' answers only, so a `style-src` without 'unsafe-inline' refuses nothing there.
 */
export const DOCS_LOGO_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
const allowDocsLogoStyle = (policy: string) =>
  policy.replace(/(^|;)(\s*style-src\s[^;]*?)\s*(?=;|$)/, `$1$2 ${DOCS_LOGO_STYLE_HASH}`);

// Query strings and path parameters arrive as text and are converted to their schema's types; a JSON body is taken
// as it is (issue 46: `{"carId": true}` or `{"text": ["a"]}` must not pass as 1 or 'a').
const validators = AjvCompiler();
const convertingValidator = validators({}, { customOptions: {} });
const strictValidator = validators({}, { customOptions: { coerceTypes: false } });

type Validate = ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * Ajv converts 'Infinity' or '1e400' in a query string to a number that passes `integer` and its bounds
 * (ajv-validator/ajv#2212): such a value is refused as a wrong type is, naming its input.
 */
function finiteOnly(validate: Validate): Validate {
  const check: Validate = (data: unknown) => {
    const ok = validate(data);
    check.errors = validate.errors;
    if (ok !== true || data === null || typeof data !== 'object') return ok;
    const key = Object.entries(data).find(([, v]) => typeof v === 'number' && !Number.isFinite(v))?.[0];
    if (key === undefined) return ok;
    check.errors = [
      { instancePath: `/${key}`, schemaPath: '', keyword: 'type', params: {}, message: 'must be finite' },
    ];
    return false;
  };
  return check;
}

/**
 * What both services share, registered inside each service's own plugin: the error answers, the JSON parser
 * (prototype-poisoning keys refused whatever the host's options), the NUL guard, the not-found answer and the
 * OpenAPI document.
 */
async function servicePlugin(app: FastifyInstance, opts: ServicePluginOptions): Promise<void> {
  const converted = new Set(opts.convertJsonBodies?.map((route) => route.replace(' ', ` ${app.prefix}`)));
  app.setValidatorCompiler((route) =>
    route.httpPart === 'body' && !converted.has(`${route.method} ${route.url}`)
      ? strictValidator(route)
      : finiteOnly(convertingValidator(route)),
  );
  const translate = opts.translateError ?? ((err: unknown) => err);
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(translate(err));
    const context = { method: request.method, route: request.routeOptions.url, reqId: request.id };
    if (answer.status >= 500) request.log.error({ err, ...context }, `${opts.name} request failed`);
    else
      request.log.info({ status: answer.status, field: answer.body.field, ...context }, `${opts.name} request refused`);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: SERVICE_MESSAGES.notFound }));
  app.addHook('preValidation', refuseNul(SERVICE_MESSAGES.badRequest));

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: opts.jsonBodyLimit },
    app.getDefaultJsonParser('error', 'error'),
  );

  if (opts.docs) {
    await app.register(swagger, {
      openapi: {
        info: { title: opts.docs.title, description: opts.docs.description, version: '1.0.0' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // The page links its assets as `<indexPrefix>/docs/static/…`; without the service's prefix they answered 404.
      indexPrefix: app.prefix,
      transformStaticCSP: allowDocsLogoStyle,
    });
  }
}

/** Register inside a service's plugin (not encapsulated: it configures that service). */
export const serviceKit = fp(servicePlugin, { name: 'bilmarknaden-service-kit', fastify: '5.x' });

/** OpenAPI security of a route that takes a bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];
