import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { userBlocksRepository } from '@bilmarknaden/identity/repositories/user-blocks-repository';
import { recordStaffBlock } from '@bilmarknaden/messaging/repositories/blocked-users-repository';
import { applyBlock } from '@bilmarknaden/inventory/jobs/apply-block';
import type { ModerationMail } from '@bilmarknaden/inventory/services/moderation-service';
import { outboxRelayJob } from './outbox-relay.ts';

/**
 * Carries identity's blocks to inventory and messaging on one database (decision 041): each block or unblock hides
 * or shows the user's ads (a block also decides the user's open reports and mails their reporters), is recorded in
 * inventory's audit log and in messaging's blocked users, then marked relayed. Woken after each change (identity's
 * `onBlockChanged`); the default process and inventory alone run it.
 */
export function blockRelayJob(db: Database, log: Log, mail?: ModerationMail): JobDefinition {
  const blocks = userBlocksRepository(db);
  return outboxRelayJob({
    name: 'block-relay',
    outbox: { pending: (limit) => blocks.pending(limit), markRelayed: (id, at) => blocks.markRelayed(id, at) },
    carry: async (row) => {
      const applied = await applyBlock(db, row, { ...(mail ? { mail } : {}), log });
      // Messaging refuses messages to a blocked user (issue 46): both steps may run again, neither twice in effect.
      await recordStaffBlock(db, row.username, row.blocked);
      return applied;
    },
    log,
    logLines: {
      done: 'carried a block to inventory and messaging',
      failed: 'a block is not yet carried to inventory and messaging; tried again',
    },
  });
}
