import type { Database } from '@bilmarknaden/db/database';
import type { IdentityKeys, IdentityOptions } from '@bilmarknaden/identity/app';
import type { Settings } from './settings.ts';

/** The identity service's options from the settings: the same in the default process and for identity alone. */
export function identityOptions(settings: Settings, db: Database, keys: IdentityKeys): IdentityOptions {
  return {
    db,
    keys,
    tokenTtlSeconds: settings.tokenTtlSeconds,
    registrationRateLimit: { perAddress: settings.registrationRateLimit },
  };
}
