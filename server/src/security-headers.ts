import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's settings: the SPA runs no inline script and loads nothing from other sites. A page adds its own style
 * nonce (withStyleNonce) for the one inline style, the dialogs' scroll lock.
 */
export function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: production,
  };
}

/** The headers helmet sets with these options: the same for every request, as nothing in them depends on it. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The policy with `'nonce-<nonce>'` added to its style-src, if it has one: a page's `<style>` with it applies. */
export function withStyleNonce(policy: string, nonce: string): string {
  return policy
    .split(';')
    .map((directive) => (/^\s*style-src\s/.test(directive) ? `${directive.trimEnd()} 'nonce-${nonce}'` : directive))
    .join(';');
}

/**
 * Sets the security headers on every answer, errors and 404s included. Computed once at start: `@fastify/helmet`
 * rebuilt helmet's middleware, parsing the policy, for every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = securityHeaders(helmetOptions(production));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
