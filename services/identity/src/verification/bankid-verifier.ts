import { BankIdClientV6, type CollectResponseV6 } from 'bankid';
import type { CollectedOrder, IdentityVerifier } from './identity-verifier.ts';

export interface BankIdSettings {
  /** The relying party's certificate (PKCS#12) and its passphrase. */
  pfx: Buffer;
  passphrase: string;
  /** BankID's CA; the package carries the test and production ones. */
  ca?: Buffer;
  production: boolean;
}

const PENDING_HINTS: Record<string, 'outstanding' | 'started' | 'user-sign'> = {
  outstandingTransaction: 'outstanding',
  noClient: 'outstanding',
  started: 'started',
  userSign: 'user-sign',
};

/** BankID's relying-party API (v6) through the `bankid` package; chosen by IDENTITY_VERIFIER=bankid. */
export function bankIdVerifier(settings: BankIdSettings): IdentityVerifier {
  const client = new BankIdClientV6({
    production: settings.production,
    pfx: settings.pfx,
    passphrase: settings.passphrase,
    ...(settings.ca ? { ca: settings.ca } : {}),
    qrEnabled: false,
  });
  return {
    async start({ personalNumber, endUserIp }) {
      const order = await client.authenticate({
        endUserIp,
        // The person who signs must be the one the user said they are.
        requirement: { personalNumber, pinCode: false, mrtd: false },
      });
      return {
        orderRef: order.orderRef,
        autoStartToken: order.autoStartToken,
        qrStartToken: order.qrStartToken,
        qrStartSecret: order.qrStartSecret,
      };
    },
    async collect(orderRef) {
      return collected(await client.collect({ orderRef }));
    },
    async cancel(orderRef) {
      await client.cancel({ orderRef }).catch(() => undefined);
    },
  };
}

function collected(answer: CollectResponseV6): CollectedOrder {
  if (answer.status === 'complete' && answer.completionData) {
    const { personalNumber, name } = answer.completionData.user;
    return { status: 'complete', person: { personalNumber, name } };
  }
  if (answer.status === 'pending')
    return { status: 'pending', hint: PENDING_HINTS[answer.hintCode ?? ''] ?? 'started' };
  const hint = answer.hintCode;
  if (hint === 'expiredTransaction' || hint === 'startFailed') return { status: 'failed', reason: 'expired' };
  if (hint === 'userCancel' || hint === 'cancelled') return { status: 'failed', reason: 'cancelled' };
  return { status: 'failed', reason: 'refused' };
}
