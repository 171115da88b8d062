import { randomBytes, randomUUID } from 'node:crypto';
import {
  ORDER_TTL_MS,
  type CollectedOrder,
  type IdentityVerifier,
  type VerificationOrder,
} from './identity-verifier.ts';

export interface LocalVerifierOptions {
  /** The person's app "signs" this long after the order starts. */
  signAfterMs?: number;
  /** An order not signed within this is expired, as BankID's are. */
  orderTtlMs?: number;
  now?: () => Date;
}

export const LOCAL_SIGN_AFTER_MS = 3_000;

/**
 * Named test persons of the local verifier (serial numbers 98xx–99xx, which Skatteverket keeps for testing); any
 * other valid personnummer is 'Test Testsson'.
 */
export const TEST_PERSONS: Record<string, string> = {
  '198503129804': 'Anna Svensson',
  '197911239817': 'Erik Lindqvist',
};

/**
 * The default verifier: BankID's test environment on this machine, without a network. An order is started for a
 * valid personnummer, is pending ('outstanding', then 'started' once polled, then 'user-sign'), and is signed
 * `signAfterMs` after it started, as if the person had opened the app and signed; or it expires, or is cancelled.
 * Orders live in this process: the default process is one process.
 */
export function localIdentityVerifier(options: LocalVerifierOptions = {}): IdentityVerifier {
  const now = options.now ?? (() => new Date());
  const signAfter = options.signAfterMs ?? LOCAL_SIGN_AFTER_MS;
  const ttl = options.orderTtlMs ?? ORDER_TTL_MS;
  const orders = new Map<string, { personalNumber: string; startedAt: number; polled: boolean }>();

  return {
    async start({ personalNumber }): Promise<VerificationOrder> {
      // BankID allows one order per person at a time: a new one cancels the one before.
      for (const [ref, order] of orders) if (order.personalNumber === personalNumber) orders.delete(ref);
      const orderRef = randomUUID();
      orders.set(orderRef, { personalNumber, startedAt: now().getTime(), polled: false });
      return {
        orderRef,
        autoStartToken: randomUUID(),
        qrStartToken: randomUUID(),
        qrStartSecret: randomBytes(16).toString('hex'),
      };
    },

    async collect(orderRef): Promise<CollectedOrder> {
      const order = orders.get(orderRef);
      if (!order) return { status: 'failed', reason: 'cancelled' };
      const age = now().getTime() - order.startedAt;
      if (age >= signAfter && signAfter < ttl) {
        orders.delete(orderRef);
        const { personalNumber } = order;
        return {
          status: 'complete',
          person: { personalNumber, name: TEST_PERSONS[personalNumber] ?? 'Test Testsson' },
        };
      }
      if (age >= ttl) {
        orders.delete(orderRef);
        return { status: 'failed', reason: 'expired' };
      }
      const hint = !order.polled ? 'outstanding' : age >= signAfter / 2 ? 'user-sign' : 'started';
      order.polled = true;
      return { status: 'pending', hint };
    },

    async cancel(orderRef) {
      orders.delete(orderRef);
    },
  };
}
