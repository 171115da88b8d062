import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import type { JobContext, JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { notificationFooter } from '@bilmarknaden/shared/notifications';
import type { Mailer } from '../mail/mailer.ts';
import { mailOutboxRepository } from '../repositories/mail-outbox-repository.ts';

export interface SendMailOptions {
  db: Database;
  mailer: Mailer;
  /** Links in the footer start with it. */
  publicUrl: string;
  log: Pick<Log, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** How often the sender looks for due mails besides being woken; 10 s by default. */
  intervalMs?: number;
  /** Tries per mail before giving up; 5 by default. */
  maxAttempts?: number;
  /** Wait after the n-th failed try (the last entry repeats). */
  retryDelaysMs?: readonly number[];
}

export const DEFAULT_MAIL_INTERVAL_MS = 10_000;
export const DEFAULT_MAIL_MAX_ATTEMPTS = 5;
export const DEFAULT_MAIL_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000] as const;
/** A claimed mail is due again after this, should its sender have died while sending. */
const CLAIM_LEASE_MS = 10 * 60_000;
/** Sent mails and request keys are kept this long (a retried request within it sends nothing). */
const KEEP_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
const CLAIM_BATCH = 10;

/** The text as mailed: the request's text and the line on how to switch such mails off. */
export function notificationMailText(text: string, publicUrl: string): string {
  return `${text.trimEnd()}\n\n-- \n${notificationFooter(publicUrl)}\n`;
}

/** The sender of the mail outbox as a job, and its round by hand (tests). */
export interface SendMailJob extends JobDefinition {
  /** Sends what is due now and resolves when done (the job's run). */
  sendDue(ctx?: JobContext): Promise<void>;
}

/**
 * Sends the due mails of `identity.mail_outbox` (decision 032); one run at a time per process, several processes
 * share the rows (claimed with a lease). A failed mail is tried again after a delay, up to `maxAttempts` tries.
 */
export function sendMailJob(opts: SendMailOptions): SendMailJob {
  const now = opts.now ?? (() => new Date());
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAIL_MAX_ATTEMPTS;
  const delays = opts.retryDelaysMs ?? DEFAULT_MAIL_RETRY_DELAYS_MS;
  const outbox = mailOutboxRepository(opts.db);
  let prunedAt = 0;

  async function sendOne(mail: Awaited<ReturnType<typeof outbox.claimDue>>[number]): Promise<void> {
    try {
      await opts.mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: notificationMailText(mail.text, opts.publicUrl),
      });
    } catch (err) {
      if (mail.attempts >= maxAttempts) {
        opts.log.error({ err, mail: mail.id, attempts: mail.attempts }, 'notification mail failed: given up');
        return;
      }
      const delay = delays[Math.min(mail.attempts, delays.length) - 1] ?? delays[delays.length - 1] ?? 60_000;
      opts.log.warn({ err, mail: mail.id, attempts: mail.attempts }, 'notification mail failed: tried again later');
      await outbox.retryAt(mail.id, new Date(now().getTime() + delay));
      return;
    }
    await outbox.markSent(mail.id, now());
  }

  async function sendDue(ctx: JobContext = { closing: false }): Promise<void> {
    for (;;) {
      const at = now();
      const mails = await outbox.claimDue(at, new Date(at.getTime() + CLAIM_LEASE_MS), maxAttempts, CLAIM_BATCH);
      for (const mail of mails) await sendOne(mail);
      if (mails.length < CLAIM_BATCH || ctx.closing) break;
    }
    if (now().getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now().getTime();
      await outbox.prune(new Date(prunedAt - KEEP_MS), maxAttempts);
    }
  }

  return {
    name: 'send-mail',
    intervalMs: opts.intervalMs ?? DEFAULT_MAIL_INTERVAL_MS,
    failure: 'notification mail round failed',
    run: sendDue,
    sendDue,
  };
}
