import { jwtVerify, type CryptoKey, type JWTVerifyGetKey, type KeyObject } from 'jose';

/** Claims every service relies on. `sub` is the username. */
export interface TokenClaims {
  username: string;
  role: number;
  /** Verified with BankID when the token was issued (issue 42); identity issues a new token on verifying. */
  verified: boolean;
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

/**
 * A token whose `iat` lies further ahead of the verifier's clock is refused: the clocks of one deployment agree far
 * better, and a token from the future would outlive the revocation of its user's earlier tokens (decision 033).
 */
export const ISSUED_AT_TOLERANCE_SECONDS = 30;

/** Verified tokens remembered per verifier; the oldest entries go first when it is full. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * Verifies an identity token: EdDSA only (so `alg: none` and HMAC confusion are refused), the
 * signature, iss, exactly our aud (a list naming it too is refused), exp, nbf, and an iat not in the future
 * (ISSUED_AT_TOLERANCE_SECONDS; `now` is the clock that judges it). Answers null for every token that is not good.
 * A token that verified once is remembered until its own `exp` (a token cannot change, so the answer
 * cannot either); the signature check costs far more than a map lookup on every authenticated request.
 */
export function createTokenVerifier(
  key: VerificationKey,
  settings: TokenSettings = DEFAULT_TOKEN_SETTINGS,
  cacheSize = VERIFIED_TOKEN_CACHE_SIZE,
  now: () => number = Date.now,
): TokenVerifier {
  const verified = new Map<string, TokenClaims>();
  return async (token) => {
    const cached = verified.get(token);
    if (cached) {
      if (cached.exp * 1000 > Date.now()) return cached;
      verified.delete(token);
      return null;
    }
    const claims = await verifyToken(token, key, settings, now());
    if (claims && cacheSize > 0) {
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
    }
    return claims;
  };
}

async function verifyToken(
  token: string,
  key: VerificationKey,
  settings: TokenSettings,
  nowMs: number,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key as CryptoKey, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof role !== 'number' || !Number.isInteger(role)) return null;
    // jose accepts an audience list that names ours among others; identity issues ours alone.
    if (payload.aud !== settings.audience) return null;
    if (payload.iat! > nowMs / 1000 + ISSUED_AT_TOLERANCE_SECONDS) return null;
    return {
      username: payload.sub,
      role,
      verified: payload.verified === true,
      jti: payload.jti!,
      exp: payload.exp!,
      iat: payload.iat!,
    };
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
