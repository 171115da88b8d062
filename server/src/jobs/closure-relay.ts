import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { closedAccountsRepository } from '@bilmarknaden/identity/repositories/closed-accounts-repository';
import { createSellerErasure } from '@bilmarknaden/inventory/services/seller-erasure';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';
import { outboxRelayJob } from './outbox-relay.ts';

/**
 * Carries identity's closed accounts to inventory on one database (decision 026): identity deletes the user and
 * records the closure in one transaction; this erases the seller's ads, photos and saved ads in inventory and only
 * then marks the closure erased. The default process and inventory alone run it.
 */
export function closureRelayJob(db: Database, storage: FileStorage, log: Log): JobDefinition {
  const closures = closedAccountsRepository(db);
  const erasure = createSellerErasure({ db, storage, log });
  return outboxRelayJob({
    name: 'closure-relay',
    outbox: { pending: (limit) => closures.pending(limit), markRelayed: (id, at) => closures.markErased(id, at) },
    carry: (row) => erasure.erase(row.username),
    log,
    logLines: { done: 'erased a closed account', failed: 'a closed account is not yet erased; tried again' },
  });
}
