import { createJob, type Job } from '@bilmarknaden/service-kit/jobs/job-runner';
import { Value } from '@sinclair/typebox/value';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { SERVICE_MESSAGES } from '@bilmarknaden/service-kit/service-plugin';
import { NotificationRequestSchema } from '@bilmarknaden/shared/schemas/notification-schemas';
import { sendMailJob, type SendMailJob, type SendMailOptions } from '../jobs/send-mail.ts';
import { mailOutboxRepository } from '../repositories/mail-outbox-repository.ts';

/** The outbox's sender: the send-mail job as its service runs it, and a round by hand (tests). */
export type MailSender = Job & Pick<SendMailJob, 'sendDue'>;

/** Identity's side of the notification path: the client other services call, and the sender of the outbox. */
export interface IdentityNotifications {
  client: IdentityClient;
  sender: MailSender;
}

export type IdentityNotificationsOptions = SendMailOptions;

/**
 * `notify` stores the request's key and, when the user exists and has the kind on, the mail in
 * `identity.mail_outbox`, in one transaction; the sender (in the identity process) mails it later with retries.
 */
export function identityNotifications(opts: IdentityNotificationsOptions): IdentityNotifications {
  const now = opts.now ?? (() => new Date());
  const mails = sendMailJob(opts);
  const sender: MailSender = { ...createJob(mails, opts.log), sendDue: () => mails.sendDue() };

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
