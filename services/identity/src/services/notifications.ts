import { createRounds } from '@bilmarknaden/service-kit/rounds';
import type { FastifyBaseLogger } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import type { Database } from '@bilmarknaden/db/database';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { SERVICE_MESSAGES } from '@bilmarknaden/service-kit/service-plugin';
import { notificationFooter } from '@bilmarknaden/shared/notifications';
import { NotificationRequestSchema } from '@bilmarknaden/shared/schemas/notification-schemas';
import type { Mailer } from '../mail/mailer.ts';
import { mailOutboxRepository } from '../repositories/mail-outbox-repository.ts';

/** Sends the outbox's due mails; one round at a time per process, several processes share the rows. */
export interface MailSender {
  /** Starts the rounds: one now, then every `intervalMs`. */
  start(): void;
  /** A round soon (after a notify); a round under way runs once more. */
  wake(): void;
  /** Sends what is due now and resolves when done (tests; the rounds call it too). */
  sendDue(): Promise<void>;
  /** Stops the rounds and waits for a send under way. */
  close(): Promise<void>;
}

/** Identity's side of the notification path: the client other services call, and the sender of the outbox. */
export interface IdentityNotifications {
  client: IdentityClient;
  sender: MailSender;
}

export interface IdentityNotificationsOptions {
  db: Database;
  mailer: Mailer;
  /** Links in the footer start with it. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
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

/**
 * `notify` stores the request's key and, when the user exists and has the kind on, the mail in
 * `identity.mail_outbox`, in one transaction; the sender (in the identity process) mails it later with retries.
 */
export function identityNotifications(opts: IdentityNotificationsOptions): IdentityNotifications {
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

  async function sendDue(): Promise<void> {
    for (;;) {
      const at = now();
      const mails = await outbox.claimDue(at, new Date(at.getTime() + CLAIM_LEASE_MS), maxAttempts, CLAIM_BATCH);
      for (const mail of mails) await sendOne(mail);
      if (mails.length < CLAIM_BATCH || rounds.closed) break;
    }
    if (now().getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now().getTime();
      await outbox.prune(new Date(prunedAt - KEEP_MS), maxAttempts);
    }
  }

  const rounds = createRounds({
    round: sendDue,
    intervalMs: opts.intervalMs ?? DEFAULT_MAIL_INTERVAL_MS,
    log: opts.log,
    failure: 'notification mail round failed',
  });
  const sender: MailSender = { start: rounds.start, wake: rounds.wake, sendDue, close: rounds.close };

  const client: IdentityClient = {
    async notify(request: NotificationRequest) {
      if (!Value.Check(NotificationRequestSchema, request)) {
        throw new DomainError('invalid', SERVICE_MESSAGES.badRequest);
      }
      const at = now();
      const queued = await opts.db.transaction(async (tx) => {
        const repository = mailOutboxRepository(tx);
        return (await repository.takeKey(request.key, at)) && (await repository.queue(request, at));
      });
      if (queued) sender.wake();
    },
  };

  return { client, sender };
}
