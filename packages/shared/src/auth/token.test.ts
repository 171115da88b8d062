import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { bearerToken, createTokenVerifier, DEFAULT_TOKEN_SETTINGS } from './token.ts';

const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const sign = (claims: Record<string, unknown> = {}, key = privateKey) =>
  new SignJWT({ role: 1, ...claims })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject('anna')
    .setIssuer(DEFAULT_TOKEN_SETTINGS.issuer)
    .setAudience(DEFAULT_TOKEN_SETTINGS.audience)
    .setIssuedAt()
    .setJti('j1')
    .setExpirationTime('1h')
    .sign(key);

describe('token verifier', () => {
  const verify = createTokenVerifier(publicKey);
  it('accepts a good token', async () => {
    expect(await verify(await sign())).toMatchObject({ username: 'anna', role: 1, jti: 'j1' });
  });
  it('refuses another key, alg none and garbage', async () => {
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    expect(await verify(await sign({}, other.privateKey))).toBeNull();
    const [, payload] = (await sign()).split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await verify(none)).toBeNull();
    expect(await verify('not.a.token')).toBeNull();
  });
  it('refuses a token without an integer role', async () => {
    expect(await verify(await sign({ role: 'admin' }))).toBeNull();
  });
});

describe('verified-token cache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a remembered token until its expiry, then refuses it', async () => {
    const verify = createTokenVerifier(publicKey);
    const token = await sign();
    const first = await verify(token);
    expect(await verify(token)).toBe(first);
    vi.useFakeTimers({ now: (first!.exp + 1) * 1000 });
    expect(await verify(token)).toBeNull();
  });

  it('never remembers a refused token and stays within its size', async () => {
    const verify = createTokenVerifier(publicKey, DEFAULT_TOKEN_SETTINGS, 2);
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await sign({}, other.privateKey);
    expect(await verify(forged)).toBeNull();
    expect(await verify(forged)).toBeNull();
    const tokens = await Promise.all([sign({ role: 1 }), sign({ role: 2 }), sign({ role: 3 })]);
    for (const t of tokens) expect(await verify(t)).not.toBeNull();
    for (const t of tokens) expect((await verify(t))?.role).toBeGreaterThan(0);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
