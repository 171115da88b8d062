import type { Database } from '@bilmarknaden/db/database';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import type { Log } from '@bilmarknaden/service-kit/log';

/**
 * Rows that are their own mail queue: claimed for a while (FOR UPDATE SKIP LOCKED, so replicas share them), asked
 * of identity outside any transaction, then recorded. A claim whose sweep died runs out and the row is due again;
 * identity sends at most one mail per key, so asking twice is harmless.
 */
export interface ClaimedOutbox<T> {
  /** Claims until `claimUntil` up to `limit` rows due at `at`. */
  claim(at: Date, claimUntil: Date, limit: number): Promise<T[]>;
  /** Whether the claimed row still needs its mail (read or ticked in the meantime: none). */
  stillDue(row: T): Promise<boolean>;
  /** Records the mail (or that none is needed) and ends the claim. */
  recordMailed(row: T, at: Date): Promise<void>;
}

/** What a mail sweep of messaging is built from (the message mails, the contract notices). */
export interface MailSweepDeps {
  db: Database;
  identity: IdentityClient;
  /** The site's address: the mails link to `${publicUrl}/messages/{id}`. */
  publicUrl: string;
  log: Pick<Log, 'error'>;
  now?: () => Date;
  /** How often it looks; each sweep has its own default. */
  intervalMs?: number;
}

export interface ClaimedSweepOptions<T> {
  outbox: ClaimedOutbox<T>;
  identity: IdentityClient;
  /** The mail identity is asked to send for a row. */
  mailOf(row: T): NotificationRequest;
  log: Pick<Log, 'error'>;
  /** Logged with a failure, e.g. 'a message'. */
  what: string;
  /** What a failure's log line says of the row: ids, never its text or address. */
  logFields(row: T): Record<string, unknown>;
  claimMs: number;
  batch?: number;
}

/** One pass of a claimed outbox at `at`: answers how many mails were asked for. */
export function claimedSweep<T>({
  outbox,
  identity,
  mailOf,
  log,
  what,
  logFields,
  claimMs,
  batch = 50,
}: ClaimedSweepOptions<T>) {
  return async function runOnce(at: Date): Promise<number> {
    let asked = 0;
    for (;;) {
      const due = await outbox.claim(at, new Date(at.getTime() + claimMs), batch);
      for (const row of due) {
        try {
          if (await outbox.stillDue(row)) {
            await identity.notify(mailOf(row));
            asked++;
          }
          await outbox.recordMailed(row, at);
        } catch (err) {
          // The claim runs out and a later pass asks again.
          log.error({ err, ...logFields(row) }, `could not ask identity to mail ${what}`);
        }
      }
      if (due.length < batch) return asked;
    }
  };
}
