import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { priceRepository } from '@bilmarknaden/inventory/repositories/price-repository';
import { contractSalesOutbox } from '@bilmarknaden/messaging/repositories/contracts-repository';
import { outboxRelayJob } from './outbox-relay.ts';

/**
 * Marks the ad of a köpekontrakt signed by both parties sold in inventory, as its owner's 'Markera som såld' does
 * (decision 055). Marking only an ad still for sale makes it happen once however often a row is carried. Woken
 * after each second signature (messaging's `onContractSigned`); the default process and inventory alone run it.
 */
export function contractSaleRelayJob(db: Database, log: Log): JobDefinition {
  const sales = contractSalesOutbox(db);
  const prices = priceRepository(db);
  return outboxRelayJob({
    name: 'contract-sale-relay',
    outbox: { pending: (limit) => sales.pending(limit), markRelayed: (id, at) => sales.markRelayed(id, at) },
    carry: async (row) => ({ car: row.carId, marked: (await prices.markSold(row.carId, row.username)) !== null }),
    log,
    logLines: {
      done: 'marked the ad of a signed köpekontrakt sold',
      failed: 'the ad of a signed köpekontrakt is not yet marked sold; tried again',
    },
  });
}
