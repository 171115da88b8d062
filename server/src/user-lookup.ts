import type { Database } from '@bilmarknaden/db/database';
import { IDENTITY_BASE, identityPaths } from '@bilmarknaden/shared/api-paths';
import { usersRepository } from '@bilmarknaden/identity/repositories/users-repository';
import type { UserLookup } from '@bilmarknaden/inventory/services/moderation-service';
import type { UserNames } from '@bilmarknaden/messaging/services/contract-service';

/** Inventory's user lookup in the default process: identity's own read of an account, no HTTP in between. */
export function identityUserLookup(db: Database): UserLookup {
  const users = usersRepository(db);
  return async (username) => (await users.findByUsername(username))?.username ?? null;
}

/** Inventory alone: identity's public profile route (200 with the name, 404 for no open account). */
export function httpUserLookup(opts: { baseUrl: string; timeoutMs?: number }): UserLookup {
  return async (username) => {
    const base = `${opts.baseUrl.replace(/\/+$/, '')}${IDENTITY_BASE}${identityPaths.userByUsername}`;
    const url = `${base}?${new URLSearchParams({ username }).toString()}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
    if (res.status === 404 || res.status === 400) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`identity answered ${res.status} to the profile of a reported user`);
    }
    return ((await res.json()) as { username: string }).username;
  };
}

/** Messaging's names for a köpekontrakt in the default process: 'Förnamn Efternamn' of each open account. */
export function identityUserNames(db: Database): UserNames {
  const users = usersRepository(db);
  return async (usernames) => {
    const names = new Map<string, string>();
    for (const username of new Set(usernames)) {
      const user = await users.findByUsername(username);
      if (user) names.set(username, `${user.firstname} ${user.lastname}`.trim() || username);
    }
    return names;
  };
}
