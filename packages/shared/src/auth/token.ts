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

/**
 * Verifies an identity token: EdDSA only (so `alg: none` and HMAC confusion are refused), the
 * signature, iss, aud, exp and nbf. Answers null for every token that is not good.
 */
export function createTokenVerifier(
  key: VerificationKey,
  settings: TokenSettings = DEFAULT_TOKEN_SETTINGS,
): TokenVerifier {
  return async (token) => {
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
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
