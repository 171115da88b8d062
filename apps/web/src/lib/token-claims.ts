import { decodeJwt, type JWTPayload } from 'jose';

// The claims are read unverified: the server checks the signature, the client only times the refresh and
// names the token's owner.
function claims(token: string): JWTPayload | null {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

/** The token's expiry in epoch milliseconds, or null when it has none or cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const exp = claims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** True when the token's expiry has passed; a token without a readable one counts as not expired. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = tokenExpiresAt(token);
  return exp !== null && exp <= now;
}

/** The username the server reads from the token (its subject), when it names one. */
export function tokenUsername(token: string): string | undefined {
  const sub = claims(token)?.sub;
  return typeof sub === 'string' ? sub : undefined;
}
