import type { Database } from '@bilmarknaden/db/database';
import { IDENTITY_BASE, identityPaths } from '@bilmarknaden/shared/api-paths';
import type { DealerDirectory, DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import { identityDealerReads } from '@bilmarknaden/identity/services/dealer-directory';

/** Inventory's dealer directory in the default process: identity's own reads of its tables, no HTTP in between. */
export function identityDealerDirectory(db: Database): DealerDirectory {
  return identityDealerReads(db);
}

const GIVEN_MAX = 1000;

export interface HttpDealerDirectoryOptions {
  /** Identity's address, e.g. `http://identity:3001`. */
  baseUrl: string;
  /** The deployment's INTERNAL_API_KEY, which identity's internal routes ask for. */
  internalKey: string;
  timeoutMs?: number;
}

/**
 * Inventory alone: identity's internal dealer routes. An unknown dealer is null; any other failure (identity down,
 * a wrong internal key) throws, so a caller never takes a failed lookup for a private seller.
 */
export function httpDealerDirectory(opts: HttpDealerDirectoryOptions): DealerDirectory {
  const base = `${opts.baseUrl.replace(/\/+$/, '')}${IDENTITY_BASE}`;
  const headers = { authorization: `Bearer ${opts.internalKey}` };

  async function ask(given: string, path: string, init: RequestInit = {}): Promise<DealerRef | null> {
    // Longer than any name, slug or key identity has: nothing to ask.
    if (given.length > GIVEN_MAX) return null;
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...headers, ...init.headers },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`identity answered ${res.status} to a dealer lookup`);
    }
    return ((await res.json()) as { dealer: DealerRef | null }).dealer;
  }

  return {
    ofMember: (username) =>
      ask(username, `${identityPaths.internalDealerOfMember}?${new URLSearchParams({ username }).toString()}`),
    bySlug: (slug) => ask(slug, `${identityPaths.internalDealerBySlug}?${new URLSearchParams({ slug }).toString()}`),
    // The key in the body: it reaches no access log on the way.
    byApiKey: (key) =>
      ask(key, identityPaths.internalDealerByApiKey, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
      }),
  };
}
