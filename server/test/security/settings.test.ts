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

describe('SMTP_URL, MAIL_FROM and PUBLIC_URL', () => {
  it('default to the mail folder, the no-reply sender and the process on localhost', () => {
    const s = loadSettings({}, defaults);
    expect(s.smtpUrl).toBeUndefined();
    expect(s.mailFrom).toBe('Bilmarknaden <no-reply@bilmarknaden.se>');
    expect(s.publicUrl).toBe('http://localhost:3000');
    expect(loadSettings({ PORT: '8080' }, defaults).publicUrl).toBe('http://localhost:8080');
  });

  it('read an smtp:// or smtps:// server, a sender and the public address', () => {
    const s = loadSettings(
      {
        SMTP_URL: 'smtps://user:p%40ss@smtp.exempel.se:465',
        MAIL_FROM: 'Bilmarknaden Support <support@bilmarknaden.se>',
        PUBLIC_URL: 'https://bilmarknaden.se',
      },
      defaults,
    );
    expect(s).toMatchObject({
      smtpUrl: 'smtps://user:p%40ss@smtp.exempel.se:465',
      mailFrom: 'Bilmarknaden Support <support@bilmarknaden.se>',
      publicUrl: 'https://bilmarknaden.se',
    });
    expect(loadSettings({ SMTP_URL: 'smtp://127.0.0.1:2525' }, defaults).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(loadSettings({ MAIL_FROM: 'no-reply@bilmarknaden.se' }, defaults).mailFrom).toBe('no-reply@bilmarknaden.se');
    expect(loadSettings({ PUBLIC_URL: 'http://127.0.0.1:3000/bilmarknaden' }, defaults).publicUrl).toBe(
      'http://127.0.0.1:3000/bilmarknaden',
    );
  });

  it('refuse another scheme or no host for SMTP_URL, without repeating its password', () => {
    for (const value of ['http://user:topphemligt@smtp.exempel.se', 'smtp://', 'inte en adress topphemligt']) {
      const found = problems({ SMTP_URL: value }).join('\n');
      expect(found, value).toMatch(/SMTP_URL/);
      expect(found).not.toContain('topphemligt');
    }
  });

  it('refuse a sender that is no address or spans lines (mail header injection)', () => {
    for (const value of [
      'Bilmarknaden',
      'no-reply@bilmarknaden',
      'A <a@b.se>\r\nBcc: x@y.se',
      'a@b.se\nBcc: x@y.se',
      'Bilmarknaden\r\nBcc: x@y.se <a@b.se>',
    ]) {
      expect(problems({ MAIL_FROM: value }).join(), JSON.stringify(value)).toMatch(/MAIL_FROM/);
    }
  });

  it('refuse a public address with a trailing slash, a query, a fragment, credentials or another scheme', () => {
    for (const value of [
      'https://bilmarknaden.se/',
      'https://bilmarknaden.se/app/',
      'https://bilmarknaden.se?x=1',
      'https://bilmarknaden.se#a',
      'https://user:pass@bilmarknaden.se',
      'ftp://bilmarknaden.se',
      'bilmarknaden.se',
    ]) {
      expect(problems({ PUBLIC_URL: value }).join(), value).toMatch(/PUBLIC_URL/);
    }
  });

  it('are listed with every other problem at once', () => {
    const found = problems({ SMTP_URL: 'http://x', MAIL_FROM: 'nej', PUBLIC_URL: 'https://x.se/', PORT: 'abc' });
    expect(found.join('\n')).toMatch(/SMTP_URL[\s\S]*MAIL_FROM[\s\S]*PUBLIC_URL/);
    expect(found.join('\n')).toMatch(/PORT/);
  });
});
