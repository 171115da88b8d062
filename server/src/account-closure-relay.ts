import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { closedAccountsRepository } from '@bilmarknaden/identity/repositories/closed-accounts-repository';
import { eraseAccount, recordStaffBlock } from '@bilmarknaden/messaging/repositories/conversations-repository';
import { createSellerErasure } from '@bilmarknaden/inventory/services/seller-erasure';
import {
  applyBlock,
  applyConversationReportDecision,
  type ModerationMail,
} from '@bilmarknaden/inventory/services/moderation-service';
import {
  reportDecisionsOutbox,
  type PendingReportDecision,
} from '@bilmarknaden/messaging/repositories/report-decisions-repository';
import { userBlocksRepository, type PendingBlock } from '@bilmarknaden/identity/repositories/user-blocks-repository';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';

/** How often the relay looks for closures made by an identity process elsewhere. */
export const CLOSURE_RELAY_INTERVAL_MS = 60_000;

/** Identity's outbox of closed accounts (identity.closed_accounts): what is still to be erased elsewhere. */
export interface ClosedAccountsOutbox<T extends OutboxRow = OutboxRow> {
  pending(limit: number): Promise<T[]>;
  markErased(id: number, at: Date): Promise<void>;
}

/** A row of an identity outbox that a relay carries to another service. */
export interface OutboxRow {
  id: number;
  username: string;
}

export interface ClosureRelayDeps<T extends OutboxRow = OutboxRow> {
  closedAccounts: ClosedAccountsOutbox<T>;
  /** One service's erasure of one account: idempotent, so a row erased twice (a crash before it was marked) is harmless. */
  eraseSeller: (username: string, row: T) => Promise<object>;
  log: FastifyBaseLogger;
  now?: () => Date;
  batchSize?: number;
  /** The log lines of a carried row and of a failed one (the block relay's own words). */
  logLines?: { done: string; failed: string };
}

export interface ClosureRelay {
  /** Erases every pending closure; a call while a round runs makes that round look again when it ends. */
  drain(): Promise<void>;
  /** The running round, if any (nothing new is started). */
  settled(): Promise<void>;
}

/**
 * Carries identity's closed accounts to inventory (decision 026): identity deletes the user and records the
 * closure in one transaction; this erases the seller's ads, photos and saved ads in inventory and only then
 * marks the closure erased, so a crash in between is finished by the next round. A failed erase is logged and
 * left pending for the next round.
 */
export function createClosureRelay<T extends OutboxRow>({
  closedAccounts,
  eraseSeller,
  log,
  now = () => new Date(),
  batchSize = 50,
  logLines = { done: 'erased a closed account', failed: 'a closed account is not yet erased; tried again' },
}: ClosureRelayDeps<T>): ClosureRelay {
  let running: Promise<void> | null = null;
  let again = false;

  async function round(): Promise<void> {
    // A closure that fails stays pending for the next round; the others go on without it.
    const failed = new Set<number>();
    for (;;) {
      const limit = batchSize + failed.size;
      const rows = await closedAccounts.pending(limit);
      const todo = rows.filter((row) => !failed.has(row.id));
      for (const row of todo) {
        try {
          const erased = await eraseSeller(row.username, row);
          await closedAccounts.markErased(row.id, now());
          log.info({ closure: row.id, ...erased }, logLines.done);
        } catch (err) {
          failed.add(row.id);
          log.error({ err, closure: row.id }, logLines.failed);
        }
      }
      if (rows.length < limit || todo.length === 0) return;
    }
  }

  return {
    drain() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await round();
          } while (again);
        } catch (err) {
          log.error({ err }, 'could not read the closed accounts; tried again in the next round');
        } finally {
          running = null;
        }
      })();
      return running;
    },
    settled: () => running ?? Promise.resolve(),
  };
}

/**
 * Runs the relay when the app is ready (closures a crash or another replica left), every `intervalMs` after that
 * (closures made by an identity process elsewhere), and waits for a running round when the app closes.
 */
export function runClosureRelay(app: FastifyInstance, relay: ClosureRelay, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void relay.drain();
    timer = setInterval(() => void relay.drain(), intervalMs);
    timer.unref();
  });
  // preClose: before the database closes in an onClose hook.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await relay.settled();
  });
}

/** The relay between identity's closures and inventory's erasure on one database, running in `app`. */
export function startClosureRelay(app: FastifyInstance, db: Database, storage: FileStorage): ClosureRelay {
  const erasure = createSellerErasure({ db, storage, log: app.log });
  const relay = createClosureRelay({
    closedAccounts: closedAccountsRepository(db),
    eraseSeller: (username) => erasure.erase(username),
    log: app.log,
  });
  runClosureRelay(app, relay, CLOSURE_RELAY_INTERVAL_MS);
  return relay;
}

/**
 * Messaging's outbox of closed accounts: identity's closures whose name messaging has not yet recorded. Messaging's
 * erasure records the name in the transaction that erases the messages, so the record is the mark, and an
 * inventory relay elsewhere marking `erased_at` does not hide a closure from messaging.
 */
export function messagingClosures(db: Database): ClosedAccountsOutbox {
  return {
    async pending(limit) {
      const r = await db.query<{ id: number; username: string }>(
        `SELECT ca.id, ca.username FROM identity.closed_accounts ca
          WHERE NOT EXISTS (SELECT 1 FROM messaging.closed_accounts m WHERE m.username_lower = lower(ca.username))
          ORDER BY ca.id LIMIT $1`,
        [limit],
      );
      return r.rows.map((row) => ({ id: Number(row.id), username: row.username }));
    },
    markErased: async () => undefined,
  };
}

/** The relay between identity's closures and messaging's erasure (conversations, messages) on one database. */
export function startMessagingClosureRelay(app: FastifyInstance, db: Database): ClosureRelay {
  const relay = createClosureRelay({
    closedAccounts: messagingClosures(db),
    eraseSeller: (username) => eraseAccount(db, username),
    log: app.log,
  });
  runClosureRelay(app, relay, CLOSURE_RELAY_INTERVAL_MS);
  return relay;
}

/**
 * The relay between identity's blocks and inventory and messaging on one database (decision 041): each block or
 * unblock hides or shows the user's ads (a block also decides the user's open reports and mails their reporters), is
 * recorded in inventory's audit log and in messaging's blocked users, then marked relayed. Run right after each change
 * (identity's `onBlockChanged`), when ready and every minute, like the closure relay.
 */
export function startBlockRelay(app: FastifyInstance, db: Database, mail?: ModerationMail): ClosureRelay {
  const blocks = userBlocksRepository(db);
  const relay = createClosureRelay<PendingBlock>({
    closedAccounts: { pending: (limit) => blocks.pending(limit), markErased: (id, at) => blocks.markRelayed(id, at) },
    eraseSeller: async (_username, row) => {
      const applied = await applyBlock(db, row, { ...(mail ? { mail } : {}), log: app.log });
      // Messaging refuses messages to a blocked user (issue 46): both steps may run again, neither twice in effect.
      await recordStaffBlock(db, row.username, row.blocked);
      return applied;
    },
    log: app.log,
    logLines: {
      done: 'carried a block to inventory and messaging',
      failed: 'a block is not yet carried to inventory and messaging; tried again',
    },
  });
  runClosureRelay(app, relay, CLOSURE_RELAY_INTERVAL_MS);
  return relay;
}

/**
 * The relay between messaging's decisions of reported conversations and inventory's audit log on one database
 * (decision 046): the same loop as the block relay, run right after each decision (messaging's `onReportDecided`),
 * when ready and every minute; the default process and inventory alone run it.
 */
export function startReportDecisionRelay(app: FastifyInstance, db: Database): ClosureRelay {
  const decisions = reportDecisionsOutbox(db);
  const relay = createClosureRelay<PendingReportDecision>({
    closedAccounts: {
      pending: (limit) => decisions.pending(limit),
      markErased: (id, at) => decisions.markRelayed(id, at),
    },
    eraseSeller: (actor, row) => applyConversationReportDecision(db, { ...row, actor }),
    log: app.log,
    logLines: {
      done: 'recorded a conversation report decision in the audit log',
      failed: 'a conversation report decision is not yet in the audit log; tried again',
    },
  });
  runClosureRelay(app, relay, CLOSURE_RELAY_INTERVAL_MS);
  return relay;
}
