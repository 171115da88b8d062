import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { mailRepository, type DueMail } from '../repositories/mail-repository.ts';
import { claimedSweep, type MailSweepDeps } from './claimed-sweep.ts';

/** A message unread this long is mailed about (unless read first). */
export const MAIL_AFTER_MS = 60_000;
/** How often the sweep looks; with MAIL_AFTER_MS, a mail goes within two minutes of the message. */
export const MAIL_SWEEP_INTERVAL_MS = 15_000;
/** A claimed row is left to other sweeps for this long; then a dead sweep's row is due again. */
export const MAIL_CLAIM_MS = 120_000;

/** The mail about one unread conversation, as identity is asked to send it. */
export function messageMail(mail: DueMail, publicUrl: string) {
  return {
    key: `message-${mail.conversationId}-${mail.firstUnreadId}`,
    username: mail.username,
    kind: 'messages' as const,
    subject: `Nytt meddelande om ${mail.title}`,
    text:
      `Hej ${mail.username}!\n\n` +
      `Du har fått ett nytt meddelande om ${mail.title} på Bilmarknaden.\n\n` +
      // Identity adds the line on how to switch such mails off.
      `Läs och svara här: ${publicUrl}/messages/${mail.conversationId}\n`,
  };
}

/** The sweep as a job, and its pass by hand at a given time (tests). */
export interface MailSweep extends JobDefinition {
  /** One pass at the time `at`: answers how many mails were asked for. */
  runOnce(at?: Date): Promise<number>;
}

/**
 * Mails a participant whose message has waited unread for MAIL_AFTER_MS, once per conversation until they read
 * it (decision 034). Identity stores the request durably and sends it; its key makes a repeated request harmless.
 */
export function createMailSweep({
  db,
  identity,
  publicUrl,
  log,
  now = () => new Date(),
  intervalMs = MAIL_SWEEP_INTERVAL_MS,
}: MailSweepDeps): MailSweep {
  const mail = mailRepository(db);
  const runOnce = claimedSweep<DueMail>({
    outbox: {
      claim: (at, claimUntil, limit) => mail.claimDue(at, new Date(at.getTime() - MAIL_AFTER_MS), claimUntil, limit),
      stillDue: (due) => mail.stillUnread(due),
      recordMailed: (due) => mail.recordMailed(due),
    },
    identity,
    mailOf: (due) => messageMail(due, publicUrl),
    log,
    what: 'a message',
    logFields: (due) => ({ conversation: due.conversationId }),
    claimMs: MAIL_CLAIM_MS,
  });
  return {
    name: 'mail-sweep',
    intervalMs,
    // The first pass waits an interval, as the sweep always has: a message waits MAIL_AFTER_MS unread anyway.
    runAtStart: false,
    failure: 'the mail sweep failed; tried again',
    run: () => runOnce(now()),
    runOnce: (at = now()) => runOnce(at),
  };
}
