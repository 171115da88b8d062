import type { Queryable } from '@bilmarknaden/db/database';
import type { DealerDirectory } from '@bilmarknaden/service-kit/dealer-directory';
import { dealerApiKeysRepository } from '../repositories/dealer-access-repository.ts';
import { dealersRepository } from '../repositories/dealers-repository.ts';
import { sha256 } from './dealer-service.ts';

/** Longer than any key this service makes: a longer text is refused before it is hashed. */
const KEY_MAX = 200;

/**
 * DealerDirectory from identity's own tables (issue 45): what the default process gives inventory in process, and
 * what the internal routes answer a service running alone. Approved dealers only; a key in use is marked used.
 */
export function identityDealerReads(db: Queryable, now: () => Date = () => new Date()): DealerDirectory {
  const dealers = dealersRepository(db);
  const keys = dealerApiKeysRepository(db);
  return {
    ofMember: (username) => dealers.refOfMember(username),
    bySlug: (slug) => dealers.refBySlug(slug),
    async byApiKey(key) {
      if (key === '' || key.length > KEY_MAX) return null;
      const dealerId = await keys.use(sha256(key), now());
      return dealerId === null ? null : dealers.refById(dealerId);
    },
  };
}
