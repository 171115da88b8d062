import { readFileSync } from 'node:fs';
import type { IdentityVerifier } from './identity-verifier.ts';
import { localIdentityVerifier } from './local-verifier.ts';

export interface VerifierSettings {
  provider: 'local' | 'bankid';
  pfxPath?: string | undefined;
  passphrase?: string | undefined;
  production: boolean;
}

/**
 * The verifier the settings choose (IDENTITY_VERIFIER). BankID's client and its HTTP stack are loaded only when
 * chosen; its certificate is read at boot, so a wrong path stops the start rather than the first verification.
 */
export function createIdentityVerifier(settings: VerifierSettings): IdentityVerifier {
  if (settings.provider === 'local') return localIdentityVerifier();
  const pfx = readFileSync(settings.pfxPath!);
  const client = import('./bankid-verifier.ts').then(({ bankIdVerifier }) =>
    bankIdVerifier({ pfx, passphrase: settings.passphrase!, production: settings.production }),
  );
  return {
    start: async (request) => (await client).start(request),
    collect: async (orderRef) => (await client).collect(orderRef),
    cancel: async (orderRef) => (await client).cancel(orderRef),
  };
}
