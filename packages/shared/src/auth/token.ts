import { jwtVerify, type CryptoKey, type JWTVerifyGetKey, type KeyObject } from 'jose';

/** Claims every service relies on. `sub` is the username. */
export interface TokenClaims {
  username: string;
  role: number;
  jti: string;
  exp: number;
  iat: number;
}

export interface TokenSettings {
  issuer: string;
  audience: string;
}

export const DEFAULT_TOKEN_SETTINGS: TokenSettings = { issuer: 'bilmarknaden-identity', audience: 'bilmarknaden' };
export const TOKEN_ALGORITHM = 'EdDSA';

export type VerificationKey = CryptoKey | KeyObject | Uint8Array | JWTVerifyGetKey;
export type TokenVerifier = (token: string) => Promise<TokenClaims | null>;

/** Verified tokens remembered per verifier; the oldest entries go first when it is full. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * Verifies an identity token: EdDSA only (so `alg: none` and HMAC confusion are refused), the
 * signature, iss, aud, exp and nbf. Answers null for every token that is not good.
 * A token that verified once is remembered until its own `exp` (a token cannot change, so the answer
 * cannot either); the signature check costs far more than a map lookup on every authenticated request.
 */
export function createTokenVerifier(
  key: VerificationKey,
  settings: TokenSettings = DEFAULT_TOKEN_SETTINGS,
  cacheSize = VERIFIED_TOKEN_CACHE_SIZE,
): TokenVerifier {
  const verified = new Map<string, TokenClaims>();
  return async (token) => {
    const cached = verified.get(token);
    if (cached) {
      if (cached.exp * 1000 > Date.now()) return cached;
      verified.delete(token);
      return null;
    }
    const claims = await verifyToken(token, key, settings);
    if (claims && cacheSize > 0) {
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
    }
    return claims;
  };
}

async function verifyToken(token: string, key: VerificationKey, settings: TokenSettings): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key as CryptoKey, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof role !== 'number' || !Number.isInteger(role)) return null;
    return { username: payload.sub, role, jti: payload.jti!, exp: payload.exp!, iat: payload.iat! };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
