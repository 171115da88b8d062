// The settings the security fixes added: which proxies are believed, and the slow-client timeouts.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRUSTED_PROXIES, loadSettings, SettingsError } from '../../src/settings.ts';
import { serverTimeoutOptions, trustProxyOption } from '../../src/logger.ts';

const defaults = { port: 3000, repoRoot: '/repo' };
const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const problems = (env: Record<string, string>) => {
  try {
    loadSettings(env, defaults);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(SettingsError);
    return (err as SettingsError).problems;
  }
};

describe('TRUST_PROXY', () => {
  it('believes no X-Forwarded-For in development, and only private-network proxies in production', () => {
    expect(loadSettings({}, defaults).trustProxy).toBe(false);
    expect(loadSettings({ NODE_ENV: 'production', JWT_PRIVATE_KEY: key }, defaults).trustProxy).toEqual(
      DEFAULT_TRUSTED_PROXIES,
    );
  });

  it('takes false, a hop count or addresses, and refuses "true" (every client would choose its address)', () => {
    expect(loadSettings({ TRUST_PROXY: 'false' }, defaults).trustProxy).toBe(false);
    expect(loadSettings({ TRUST_PROXY: '1' }, defaults).trustProxy).toBe(1);
    expect(loadSettings({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }, defaults).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(problems({ TRUST_PROXY: 'true' }).join()).toMatch(/TRUST_PROXY/);
    expect(problems({ TRUST_PROXY: '*' }).join()).toMatch(/TRUST_PROXY/);
    const hops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
  });
});

describe('JWT_PRIVATE_KEY', () => {
  it('is parsed at start: a damaged PEM or a key that is not Ed25519 is listed as a problem', () => {
    expect(loadSettings({ JWT_PRIVATE_KEY: key }, defaults).jwtPrivateKey).toBe(key);
    expect(
      problems({ JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' }).join(),
    ).toMatch(/not a readable/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(problems({ JWT_PRIVATE_KEY: ec.toString() }).join()).toMatch(/must be an Ed25519 key, not ec/);
  });
});

describe('REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS', () => {
  it('default to 60 s and 20 s, and the check interval follows the headers timeout', () => {
    const s = loadSettings({}, defaults);
    expect([s.requestTimeoutMs, s.headersTimeoutMs]).toEqual([60_000, 20_000]);
    expect(serverTimeoutOptions(s).http.connectionsCheckingInterval).toBe(2000);
    const fast = loadSettings({ REQUEST_TIMEOUT_MS: '3000', HEADERS_TIMEOUT_MS: '1000' }, defaults);
    expect(serverTimeoutOptions(fast)).toMatchObject({
      requestTimeout: 3000,
      http: { headersTimeout: 1000, requestTimeout: 3000, connectionsCheckingInterval: 250 },
    });
  });

  it('refuses a headers timeout longer than the request timeout, and nonsense', () => {
    expect(problems({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '9000' }).join()).toMatch(/HEADERS_TIMEOUT_MS/);
    expect(problems({ REQUEST_TIMEOUT_MS: 'soon' }).join()).toMatch(/REQUEST_TIMEOUT_MS/);
  });
});
