import type { Database } from '@bilmarknaden/db/database';
import type { IdentityKeys, IdentityOptions } from '@bilmarknaden/identity/app';
import { createMailer } from '@bilmarknaden/identity/mail/create-mailer';
import { createIdentityVerifier } from '@bilmarknaden/identity/verification/create-verifier';
import type { Settings } from './settings.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/**
 * Identity's options from the settings, for the default process and identity alone. The mailer logs to `log`,
 * with a warning in production when mails only go to the folder.
 */
export function identityOptions(settings: Settings, db: Database, keys: IdentityKeys, log: Log): IdentityOptions {
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
    internalApiKey: settings.internalApiKey,
    identityVerifier: createIdentityVerifier({
      provider: settings.identityVerifier,
      pfxPath: settings.bankIdPfxPath,
      passphrase: settings.bankIdPassphrase,
      production: settings.bankIdProduction,
    }),
  };
}
