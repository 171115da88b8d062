import type { Database } from '@bilmarknaden/db/database';
import type { IdentityClient } from '@bilmarknaden/service-kit/identity-client';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import type { Log } from '@bilmarknaden/service-kit/log';
import { ownerChangeDeadline, ownerChangeReminder } from '@bilmarknaden/shared/contract-text';
import type { ContractTerms } from '@bilmarknaden/shared/validation/contract';

/** How often the sweep looks for due reminders and unmailed contract notices. */
export const CONTRACT_SWEEP_INTERVAL_MS = 60_000;
/** A claimed notice is left to other sweeps for this long; then a dead sweep's notice is due again. */
export const CONTRACT_MAIL_CLAIM_MS = 120_000;
const BATCH = 50;

export interface ContractMailSweepDeps {
  db: Database;
  identity: IdentityClient;
  publicUrl: string;
  log: Pick<Log, 'error'>;
  now?: () => Date;
  intervalMs?: number;
}

interface DueNotice {
  id: number;
  username: string;
  kind: 'changed' | 'signed' | 'reminder';
  conversationId: number;
  title: string;
  terms: ContractTerms;
}

/** The mail of one contract notice, as identity is asked to send it (kind 'messages': it is about a conversation). */
export function contractMail(notice: DueNotice, publicUrl: string) {
  const link = `${publicUrl}/messages/${notice.conversationId}`;
  const subjects = {
    changed: `Köpekontraktet för ${notice.title} har ändrats`,
    signed: `Köpekontraktet för ${notice.title} är signerat`,
    reminder: `Påminnelse: anmäl ägarbytet av ${notice.title}`,
  } as const;
  const bodies = {
    changed:
      'Säljaren har ändrat köpekontraktet efter en signatur, så signaturerna är borttagna. Läs igenom det och signera igen.',
    signed: 'Båda parter har signerat köpekontraktet. Du kan ladda ner det som PDF och se checklistan för ägarbytet.',
    reminder: ownerChangeReminder(ownerChangeDeadline(notice.terms.handoverDate)),
  } as const;
  return {
    key: `contract-${notice.kind}-${notice.id}`,
    username: notice.username,
    kind: 'messages' as const,
    subject: subjects[notice.kind],
    text: `Hej ${notice.username}!\n\n${bodies[notice.kind]}\n\nKöpekontraktet finns här: ${link}\n`,
  };
}

export interface ContractMailSweep extends JobDefinition {
  /** One pass at the time `at` (tests set the clock): answers how many mails were asked for. */
  runOnce(at?: Date): Promise<number>;
}

/**
 * The köpekontrakt's timed work and mails (decision 055): queues the seller's reminder when it is due and the
 * change of owner is not ticked as reported, then asks identity to mail every notice not yet mailed. The rows are
 * the queue: claimed with SKIP LOCKED (replicas share them), a dead sweep's claim runs out, identity's key makes a
 * repeated request harmless.
 */
export function createContractMailSweep({
  db,
  identity,
  publicUrl,
  log,
  now = () => new Date(),
  intervalMs = CONTRACT_SWEEP_INTERVAL_MS,
}: ContractMailSweepDeps): ContractMailSweep {
  async function queueReminders(at: Date): Promise<void> {
    await db.query(
      `WITH due AS (
         UPDATE messaging.contracts SET reminder_queued_at = $1
          WHERE reminder_queued_at IS NULL AND reminder_due_at <= $1 AND signed_at IS NOT NULL
            AND NOT (checklist ? 'reported')
         RETURNING id, seller
       )
       INSERT INTO messaging.contract_notices (contract_id, username, kind) SELECT id, seller, 'reminder' FROM due`,
      [at],
    );
  }

  async function claim(at: Date): Promise<DueNotice[]> {
    const r = await db.query<{
      id: number;
      username: string;
      kind: DueNotice['kind'];
      conversation_id: number;
      title: string;
      terms: ContractTerms | string;
    }>(
      `WITH due AS (
         SELECT n.id FROM messaging.contract_notices n
          WHERE n.mailed_at IS NULL AND (n.mail_claimed_until IS NULL OR n.mail_claimed_until <= $1)
          ORDER BY n.id LIMIT $3
          FOR UPDATE SKIP LOCKED
       )
       UPDATE messaging.contract_notices n SET mail_claimed_until = $2
         FROM due, messaging.contracts k, messaging.conversations c
        WHERE n.id = due.id AND k.id = n.contract_id AND c.id = k.conversation_id
       RETURNING n.id, n.username, n.kind, k.conversation_id, c.car_title AS title, k.terms`,
      [at, new Date(at.getTime() + CONTRACT_MAIL_CLAIM_MS), BATCH],
    );
    return r.rows.map((row) => ({
      id: Number(row.id),
      username: row.username,
      kind: row.kind,
      conversationId: row.conversation_id,
      title: row.title,
      terms: typeof row.terms === 'string' ? (JSON.parse(row.terms) as ContractTerms) : row.terms,
    }));
  }

  async function runOnce(at: Date = now()): Promise<number> {
    await queueReminders(at);
    let asked = 0;
    for (;;) {
      const due = await claim(at);
      for (const notice of due) {
        try {
          // A reminder ticked away in the meantime is not sent.
          const still =
            notice.kind !== 'reminder' ||
            (
              await db.query(
                `SELECT 1 FROM messaging.contract_notices n JOIN messaging.contracts k ON k.id = n.contract_id
                  WHERE n.id = $1 AND NOT (k.checklist ? 'reported')`,
                [notice.id],
              )
            ).rows.length > 0;
          if (still) {
            await identity.notify(contractMail(notice, publicUrl));
            asked++;
          }
          await db.query(
            'UPDATE messaging.contract_notices SET mailed_at = $2, mail_claimed_until = NULL WHERE id = $1',
            [notice.id, at],
          );
        } catch (err) {
          // The claim runs out and a later pass asks again.
          log.error({ err, notice: notice.id }, 'could not ask identity to mail a contract notice');
        }
      }
      if (due.length < BATCH) return asked;
    }
  }

  return {
    name: 'contract-mail-sweep',
    intervalMs,
    runAtStart: true,
    failure: 'the contract mail sweep failed; tried again',
    run: () => runOnce(),
    runOnce,
  };
}
