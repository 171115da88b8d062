// Issue 29, item 5: each service's API documentation page loads whole (its styles and scripts answer) under the
// site's security headers, in the default process as a browser reaches it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { DOCS_LOGO_STYLE_HASH } from '@bilmarknaden/service-kit/service-plugin';
import { buildApp } from '../src/app.ts';
import { testSettings } from './helpers.ts';

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDatabase([identityMigrations, inventoryMigrations]);
  app = (await buildApp(testSettings(), { db: t.db })).app;
}, 120_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const CONTENT_TYPES: Record<string, RegExp> = {
  css: /^text\/css/,
  js: /^(application|text)\/javascript/,
  png: /^image\/png$/,
};

/** The policy's directives by name, e.g. 'script-src' → ["'self'"]. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe.each(['/api/identity', '/api/inventory'])('the API documentation page of %s', (base) => {
  it.each([`${base}/docs`, `${base}/docs/`])('%s links assets that answer with their content types', async (page) => {
    const res = await app.inject(page);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const links = [...res.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    expect(links.filter((l) => l.endsWith('.css'))).toHaveLength(2);
    expect(links.filter((l) => l.endsWith('.js'))).toHaveLength(3);
    for (const link of links) {
      const url = new URL(link, `http://localhost${page}`);
      expect(url.origin, link).toBe('http://localhost');
      const asset = await app.inject(url.pathname);
      expect(asset.statusCode, url.pathname).toBe(200);
      expect(asset.headers['content-type'], url.pathname).toMatch(CONTENT_TYPES[link.split('.').pop()!]!);
    }
    const spec = await app.inject(new URL('./json', `http://localhost${page.replace(/\/?$/, '/')}`).pathname);
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toHaveProperty('openapi');
  });

  it('needs nothing the content security policy refuses', async () => {
    const res = await app.inject(`${base}/docs`);
    const policy = directives(String(res.headers['content-security-policy']));
    // Every script and style is a file of this site: no inline code, no style element or attribute, no other host.
    expect(policy.get('script-src')).toEqual(["'self'"]);
    // swagger-ui's logo style, by its hash; the rest of the service keeps the site's policy.
    expect(policy.get('style-src')).toEqual(["'self'", DOCS_LOGO_STYLE_HASH]);
    const other = await app.inject(`${base}/no-such-route`);
    expect(directives(String(other.headers['content-security-policy'])).get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(res.body).not.toMatch(/(?:href|src)="(?:https?:)?\/\//);
    // swagger-ui's stylesheet draws its icons from data: URLs, which img-src allows.
    expect(policy.get('img-src')).toContain('data:');
    const css = await app.inject(`${base}/docs/static/swagger-ui.css`);
    expect(css.body).not.toMatch(/url\((?!["']?data:)/);
  });
});

it("the docs' style hash is that of swagger-ui's logo style as installed", () => {
  const preset = readFileSync(
    createRequire(import.meta.url).resolve('@fastify/swagger-ui/static/swagger-ui-standalone-preset.js'),
    'utf8',
  );
  const style = /"(\.logo_small_svg__[^"]*)"/.exec(preset)?.[1];
  expect(style).toBeDefined();
  expect(`'sha256-${createHash('sha256').update(style!).digest('base64')}'`).toBe(DOCS_LOGO_STYLE_HASH);
});
