import { describe, expect, it } from 'vitest';
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

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
