import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { closuresToErase, eraseAccount } from '@bilmarknaden/messaging/repositories/closed-accounts-repository';
import { outboxRelayJob, type RelayOutbox } from './outbox-relay.ts';

/**
 * Messaging's outbox of closed accounts: identity's closures whose name messaging has not yet recorded. Messaging's
 * erasure records the name in the transaction that erases the messages, so the record is the mark, and an
 * inventory relay elsewhere marking `erased_at` does not hide a closure from messaging.
 */
export function messagingClosures(db: Database): RelayOutbox {
  return {
    pending: (limit) => closuresToErase(db, limit),
    markRelayed: async () => undefined,
  };
}

/**
 * Carries identity's closures to messaging's erasure (conversations, messages) on one database (decision 034). The
 * default process and messaging alone run it.
 */
export function messagingClosureRelayJob(db: Database, log: Log): JobDefinition {
  return outboxRelayJob({
    name: 'messaging-closure-relay',
    outbox: messagingClosures(db),
    carry: (row) => eraseAccount(db, row.username),
    log,
    logLines: { done: 'erased a closed account', failed: 'a closed account is not yet erased; tried again' },
  });
}
