import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  createTokenVerifier,
  TOKEN_ALGORITHM,
  VERIFIED_TOKEN_CACHE_SIZE,
  type TokenSettings,
  type TokenVerifier,
} from '@bilmarknaden/shared/auth/token';
import type { IdentityKeys } from '../keys.ts';

export interface TokenSubject {
  username: string;
  role: number;
  /** Verified with BankID: a setting may require it to publish or to start conversations (issue 42). */
  verified: boolean;
}

export interface TokenService {
  issue(subject: TokenSubject): Promise<string>;
  verify: TokenVerifier;
}

export function tokenService(
  keys: IdentityKeys,
  settings: TokenSettings,
  ttlSeconds: number,
  now: () => Date,
): TokenService {
  return {
    issue({ username, role, verified }) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT(verified ? { role, verified } : { role })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: keys.kid, typ: 'JWT' })
        .setSubject(username)
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .setJti(randomUUID())
        .sign(keys.privateKey);
    },
    // A token's iat is judged by the clock that issued it (tests move identity's clock ahead).
    verify: createTokenVerifier(keys.publicKey, settings, VERIFIED_TOKEN_CACHE_SIZE, () => now().getTime()),
  };
}
