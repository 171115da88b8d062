import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import type { IdentityKeys, IdentityOptions } from '@bilmarknaden/identity/app';
import { createMailer } from '@bilmarknaden/identity/mail/create-mailer';
import type { Settings } from './settings.ts';

/**
 * The identity service's options from the settings: the same in the default process and for identity alone. The
 * mailer (SMTP_URL, or the mail folder `$DATA_DIR/mail-outbox`) logs to `log`, and warns there in production when
 * mails only go to the folder.
 */
export function identityOptions(
  settings: Settings,
  db: Database,
  keys: IdentityKeys,
  log: FastifyBaseLogger,
): IdentityOptions {
  return {
    db,
    keys,
    tokenTtlSeconds: settings.tokenTtlSeconds,
    registrationRateLimit: { perAddress: settings.registrationRateLimit },
    mailer: createMailer(
      {
        smtpUrl: settings.smtpUrl,
        from: settings.mailFrom,
        dataDir: settings.dataDir,
        production: settings.production,
      },
      log,
    ),
    publicUrl: settings.publicUrl,
  };
}
