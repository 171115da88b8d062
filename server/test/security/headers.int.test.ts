// Security headers on every kind of answer (pages, API, errors, photos) and CORS only for CORS_ORIGINS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildSecureApp, createAd, registerUser, type SecureApp } from './security-helpers.ts';

const ALLOWED = 'https://bilmarknaden.se';
let t: SecureApp;
let carId: number;

beforeAll(async () => {
  t = await buildSecureApp({ CORS_ORIGINS: `${ALLOWED}, https://www.bilmarknaden.se` });
  carId = await createAd(t.app, await registerUser(t.app, 'rubrik'), 1);
}, 60_000);
afterAll(() => t?.close());

function expectPageHeaders(res: LightMyRequestResponse, url: string) {
  const csp = String(res.headers['content-security-policy']);
  const directives = Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  expect(directives['script-src'], url).toBe("'self'");
  expect(directives['script-src-attr'], url).toBe("'none'");
  expect(directives['frame-ancestors'], url).toBe("'none'");
  expect(directives['object-src'], url).toBe("'none'");
  expect(directives['default-src'], url).toBe("'self'");
  expect(directives['base-uri'], url).toBe("'self'");
  expect(csp, url).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
  expect(res.headers['x-content-type-options'], url).toBe('nosniff');
  expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by'], url).toBeUndefined();
}

describe('security headers', () => {
  it('on pages, deep links, API answers, API errors and unknown paths', async () => {
    const urls = [
      '/',
      `/car/${carId}`,
      '/search/volvo',
      '/assets/index-abc123.js',
      '/api/inventory/001/2003',
      `/api/inventory/001/2001?carid=${carId}`,
      '/api/inventory/001/2001?carid=0',
      '/api/identity/user',
      '/api/identity/user/username',
      '/api/nope',
      '/healthz',
    ];
    for (const url of urls) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expectPageHeaders(res, url);
    }
    // The SPA shell runs no inline script, which the CSP would block anyway; the page data is an inert JSON block.
    const shell = (await t.app.inject('/')).body;
    expect(shell).not.toMatch(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>/i);
    expect(shell).toMatch(/<script type="application\/json" id="page-data">/);
  });

  it('photos are served as inert JPEG: nosniff, a sandboxing CSP of their own', async () => {
    const res = await t.app.inject(`/files/${carId}-1.jpeg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });

  it('no HSTS in development (it is on with NODE_ENV=production: brute-force.int.test.ts builds that app)', async () => {
    expect((await t.app.inject('/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS only for the configured origins', () => {
  it('answers a configured origin, preflight included, without credentials', async () => {
    const res = await t.app.inject({ url: '/api/inventory/002/2001', headers: { origin: ALLOWED } });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/inventory/001/3001?carid=1',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('gives other origins nothing: look-alikes, subdomains, null, other schemes', async () => {
    const origins = [
      'https://evil.example',
      'https://bilmarknaden.se.evil.example',
      'https://evilbilmarknaden.se',
      'http://bilmarknaden.se',
      'https://shop.bilmarknaden.se',
      'null',
    ];
    for (const origin of origins) {
      for (const req of [
        { url: '/api/inventory/002/2001', headers: { origin } },
        {
          method: 'OPTIONS' as const,
          url: '/api/identity/user/login',
          headers: { origin, 'access-control-request-method': 'POST' },
        },
      ]) {
        const res = await t.app.inject(req);
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
      }
    }
  });
});
