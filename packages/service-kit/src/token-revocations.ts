import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { TokenClaims, TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { callIdentityInternal, type HttpIdentityClientOptions } from './identity-client.ts';
import type { Log } from './log.ts';

/** A user's tokens issued before `notBefore` are refused. */
export interface TokenRevocation {
  username: string;
  notBefore: Date;
}

/** What identity answers: the entries recorded after the asked time, and its clock when it read them. */
export interface RevocationBatch {
  now: Date;
  revocations: TokenRevocation[];
}

/** Where a list reads the entries recorded after `since`: identity's database in its process, else its HTTP route. */
export type TokenRevocationSource = (since: Date) => Promise<RevocationBatch>;

/** A service's copy of the recent revocations; `isRevoked` is a map lookup, refreshed in the background. */
export interface TokenRevocationList {
  /** Reads what changed since the last read (after every read under way, so a change committed before is seen). */
  refresh(): Promise<void>;
  /** True when the token was issued (whole seconds) before its user's `notBefore`. */
  isRevoked(claims: Pick<TokenClaims, 'username' | 'iat'>): boolean;
  /** Refreshes now (its failure logged) and then every `refreshMs`. */
  start(): Promise<void>;
  /** Stops the refreshes and waits for one under way. */
  close(): Promise<void>;
}

export interface TokenRevocationListOptions {
  source: TokenRevocationSource;
  /** The longest token lifetime (TOKEN_TTL_SECONDS): older entries can refuse no live token and are dropped. */
  lifetimeSeconds: number;
  /** 15 s by default. */
  refreshMs?: number;
  log: Pick<Log, 'warn'>;
}

/**
 * The one rule of every refusal by time (revocations, identity's password change): `iat` counts whole seconds, so a
 * token issued in the second of the change (the one a password change answers with) is kept.
 */
export function issuedBefore(iat: number, at: Date | number): boolean {
  return iat < Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000);
}

export const DEFAULT_REVOCATION_REFRESH_MS = 15_000;
/** Each read starts this long before the last one's clock: a change whose transaction was still open is read too. */
const OVERLAP_MS = 60_000;

export function createTokenRevocationList(opts: TokenRevocationListOptions): TokenRevocationList {
  const notBefore = new Map<string, number>();
  let cursor: Date | null = null;
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function read(): Promise<void> {
    const keepAfter = Date.now() - opts.lifetimeSeconds * 1000 - OVERLAP_MS;
    const since = cursor ? new Date(cursor.getTime() - OVERLAP_MS) : new Date(keepAfter);
    const batch = await opts.source(since);
    for (const { username, notBefore: at } of batch.revocations) {
      const key = username.toLowerCase();
      notBefore.set(key, Math.max(notBefore.get(key) ?? 0, at.getTime()));
    }
    cursor = batch.now;
    for (const [key, at] of notBefore) if (at < keepAfter) notBefore.delete(key);
  }

  const list: TokenRevocationList = {
    refresh() {
      chain = chain.catch(() => undefined).then(read);
      return chain;
    },
    isRevoked({ username, iat }) {
      const at = notBefore.get(username.toLowerCase());
      return at !== undefined && issuedBefore(iat, at);
    },
    async start() {
      if (timer || closed) return;
      const refresh = () =>
        list.refresh().catch((err: unknown) => opts.log.warn({ err }, 'token revocations could not be read'));
      timer = setInterval(refresh, opts.refreshMs ?? DEFAULT_REVOCATION_REFRESH_MS);
      timer.unref();
      await refresh();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await chain.catch(() => undefined);
    },
  };
  return list;
}

/** The verifier with the revocation check after it: a revoked token is null, as a bad one. The cache stays. */
export function refuseRevoked(verify: TokenVerifier, list: Pick<TokenRevocationList, 'isRevoked'>): TokenVerifier {
  return async (token) => {
    const claims = await verify(token);
    return claims && !list.isRevoked(claims) ? claims : null;
  };
}

/** A service running alone reads the revocations from identity's internal route (IDENTITY_URL, INTERNAL_API_KEY). */
export function httpTokenRevocationSource(opts: HttpIdentityClientOptions): TokenRevocationSource {
  return async (since) => {
    const res = await callIdentityInternal(
      opts,
      `${identityPaths.internalTokenRevocations}?since=${encodeURIComponent(since.toISOString())}`,
    );
    const body = (await res.json()) as { now: string; revocations: { username: string; notBefore: string }[] };
    return {
      now: new Date(body.now),
      revocations: body.revocations.map((r) => ({ username: r.username, notBefore: new Date(r.notBefore) })),
    };
  };
}
