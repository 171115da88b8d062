/**
 * Proof of who a person is, behind one interface (issue 42, decision 056): BankID's relying-party API in
 * production, a local verifier that behaves like BankID's test environment by default and in tests.
 * A provider that cannot answer throws; the service answers 503.
 */
/** BankID lets an order wait three minutes for the user; the local verifier behaves the same. */
export const ORDER_TTL_MS = 180_000;

export interface IdentityVerifier {
  /** Starts an order for the person with this personnummer (twelve digits) on the user's device at `endUserIp`. */
  start(request: { personalNumber: string; endUserIp: string }): Promise<VerificationOrder>;
  collect(orderRef: string): Promise<CollectedOrder>;
  /** Cancels an open order; an order that is gone already is no error. */
  cancel(orderRef: string): Promise<void>;
}

export interface VerificationOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export type CollectedOrder =
  | { status: 'pending'; hint: 'outstanding' | 'started' | 'user-sign' }
  | { status: 'complete'; person: VerifiedPerson }
  | { status: 'failed'; reason: 'cancelled' | 'expired' | 'refused' };

export interface VerifiedPerson {
  /** Twelve digits. */
  personalNumber: string;
  name: string;
}
