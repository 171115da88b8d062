import path from 'node:path';
import { createFolderMailer, MAIL_OUTBOX_DIR } from './folder-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

export interface MailSettings {
  /** SMTP_URL; without it mails go to the mail folder. */
  smtpUrl?: string;
  /** MAIL_FROM. */
  from: string;
  /** DATA_DIR: the mail folder is its `mail-outbox`. */
  dataDir: string;
  production: boolean;
}

/** SMTP when SMTP_URL is set; otherwise the mail folder, with a warning at boot in production (nobody gets mail). */
export function createMailer(settings: MailSettings, log: Pick<Log, 'info' | 'warn'>): Mailer {
  if (settings.smtpUrl) return createSmtpMailer({ url: settings.smtpUrl, from: settings.from });
  const dir = path.join(settings.dataDir, MAIL_OUTBOX_DIR);
  if (settings.production) {
    log.warn({ dir }, 'SMTP_URL is not set: mails (password reset links) are written to the mail folder, not sent');
  }
  return createFolderMailer({ dir, from: settings.from, log });
}
