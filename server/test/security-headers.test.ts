// The security headers are computed once at start; they must be what helmet sets, HSTS only in production.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions, registerSecurityHeaders, securityHeaders, withStyleNonce } from '../src/security-headers.ts';

describe('security headers computed once', () => {
  it('HSTS for a year with subdomains in production only', () => {
    const production = securityHeaders(helmetOptions(true));
    expect(production['strict-transport-security']).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(production['strict-transport-security']!)![1])).toBeGreaterThanOrEqual(
      31_536_000,
    );
    expect(securityHeaders(helmetOptions(false))['strict-transport-security']).toBeUndefined();
  });

  it('are set on every answer, a 404 and a thrown error included, and each request gets its own copy', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, true);
    app.get('/ok', async (_req, reply) => {
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const expected = securityHeaders(helmetOptions(true));
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
      ]),
    );
    for (const url of ['/nope', '/fails']) {
      const res = await app.inject(url);
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    // A route that sets its own policy changes only its own answer.
    expect((await app.inject('/ok')).headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await app.inject('/nope')).headers['content-security-policy']).toBe(expected['content-security-policy']);
    await app.close();
  });
});

describe("the page's style nonce", () => {
  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );

  it('is added to style-src only; script-src stays self and nothing allows inline code', () => {
    const policy = securityHeaders(helmetOptions(true))['content-security-policy']!;
    expect(directives(policy)['style-src']).toBe("'self'");
    const page = withStyleNonce(policy, 'bm+/nonce0123456789AB==');
    expect(directives(page)).toEqual({ ...directives(policy), 'style-src': "'self' 'nonce-bm+/nonce0123456789AB=='" });
    expect(page).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(directives(page)['script-src']).toBe("'self'");
  });

  it('leaves a policy without style-src as it is', () => {
    expect(withStyleNonce("default-src 'none'; sandbox", 'x')).toBe("default-src 'none'; sandbox");
    expect(withStyleNonce("default-src 'self';style-src-elem 'self'", 'x')).toBe(
      "default-src 'self';style-src-elem 'self'",
    );
  });
});
