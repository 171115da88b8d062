import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { ownerChangeDeadline, ownerChangeReminder } from '@bilmarknaden/shared/contract-text';
import { contractNoticesOutbox, type DueContractNotice } from '../repositories/contracts-repository.ts';
import { claimedSweep, type MailSweepDeps } from './claimed-sweep.ts';

/** How often the sweep looks for due reminders and unmailed contract notices. */
export const CONTRACT_SWEEP_INTERVAL_MS = 60_000;
/** A claimed notice is left to other sweeps for this long; then a dead sweep's notice is due again. */
export const CONTRACT_MAIL_CLAIM_MS = 120_000;

/** The mail of one contract notice, as identity is asked to send it (kind 'messages': it is about a conversation). */
export function contractMail(notice: DueContractNotice, publicUrl: string) {
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
 * change of owner is not ticked as reported, then asks identity to mail every notice not yet mailed, as a claimed
 * outbox (claimed-sweep.ts) like the message mails.
 */
export function createContractMailSweep({
  db,
  identity,
  publicUrl,
  log,
  now = () => new Date(),
  intervalMs = CONTRACT_SWEEP_INTERVAL_MS,
}: MailSweepDeps): ContractMailSweep {
  const notices = contractNoticesOutbox(db);
  const sweep = claimedSweep<DueContractNotice>({
    outbox: notices,
    identity,
    mailOf: (notice) => contractMail(notice, publicUrl),
    log,
    what: 'a contract notice',
    logFields: (notice) => ({ notice: notice.id }),
    claimMs: CONTRACT_MAIL_CLAIM_MS,
  });
  async function runOnce(at: Date = now()): Promise<number> {
    await notices.queueReminders(at);
    return sweep(at);
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
