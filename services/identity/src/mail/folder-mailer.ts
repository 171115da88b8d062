import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer } from './mailer.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/** The mail folder inside DATA_DIR. */
export const MAIL_OUTBOX_DIR = 'mail-outbox';

/** What one file of the mail folder holds (`date` is ISO 8601). */
export interface FolderMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  date: string;
}

export interface FolderMailerOptions {
  /** The folder, created when the first mail is written: `$DATA_DIR/mail-outbox`. */
  dir: string;
  from: string;
  log?: Pick<Log, 'info'>;
  now?: () => Date;
}

/**
 * Writes each mail as one JSON file (FolderMail) named by its time and a random suffix, e.g.
 * `2026-11-21T14-05-00.123Z-1f2e3d4c.json` (the ISO time with ':' as '-', so names sort by time and work on every
 * file system). A file is written under a temporary dot-name in the same folder and renamed into place, so a reader
 * of `*.json` never sees half a mail. Nothing is ever sent.
 */
export function createFolderMailer({ dir, from, log, now = () => new Date() }: FolderMailerOptions): Mailer {
  return {
    async send({ to, subject, text }) {
      const date = now();
      const name = `${date.toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const mail: FolderMail = { to, from, subject, text, date: date.toISOString() };
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${name}.tmp`);
      try {
        await writeFile(temporary, `${JSON.stringify(mail, null, 2)}\n`, { flag: 'wx' });
        await rename(temporary, path.join(dir, name));
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
      // The file's name and subject only: the text holds the link, and the address is personal data.
      log?.info({ file: path.join(dir, name), subject }, 'mail written to the mail folder (not sent)');
    },
  };
}
