import { createHmac } from 'node:crypto';
import type { Database } from '@bilmarknaden/db/database';
import { takeWindowLimits } from '@bilmarknaden/db/window-limits';
import type { VerificationStarted, VerificationState } from '@bilmarknaden/shared/api-types';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { normalizePersonalNumber, personalNumberRules } from '@bilmarknaden/shared/validation/personal-number';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { usersRepository, type UserRecord } from '../repositories/users-repository.ts';
import {
  verificationOrdersRepository,
  type VerificationOrderRecord,
} from '../repositories/verification-orders-repository.ts';
import type { IdentityVerifier } from '../verification/identity-verifier.ts';
import { ORDER_TTL_MS } from '../verification/identity-verifier.ts';
import type { TokenService } from './token-service.ts';

export const VERIFICATION_MESSAGES = {
  alreadyVerified: 'Ditt konto är redan verifierat med BankID',
  unknownOrder: 'Verifieringen finns inte längre. Börja om.',
  cancelled: 'Verifieringen avbröts.',
  expired: 'Tiden för verifieringen gick ut. Försök igen.',
  refused: 'BankID kunde inte verifiera dig. Försök igen.',
  otherPerson: 'Personen som legitimerade sig med BankID har inte personnumret du angav.',
  blockedPerson: 'Den här personen kan inte verifiera ett konto hos Bilmarknaden.',
  unavailable: 'BankID svarar inte just nu. Försök igen om en stund.',
  tooMany: 'För många försök att verifiera. Vänta en stund och försök igen.',
} as const;

/** Verifications a user may start in an hour: each is an order at BankID. */
export const VERIFICATIONS_PER_HOUR = 10;
/** Past BankID's own lifetime of an order: an order whose provider never said it ended is ended here. */
const GIVE_UP_AFTER_MS = ORDER_TTL_MS + 30_000;

export interface VerificationDeps {
  db: Database;
  verifier: IdentityVerifier;
  tokens: TokenService;
  now: () => Date;
}

/**
 * 'Verifierad med BankID' (issue 42, decision 056). The personnummer is kept only as a keyed hash (HMAC-SHA-256
 * with a key made in the database), never as such: not stored, not logged, not answered. It ties a blocked person
 * to any account they verify later.
 */
export function verificationService({ db, verifier, tokens, now }: VerificationDeps) {
  const orders = verificationOrdersRepository(db);
  let secret: Promise<string> | undefined;
  const personKey = async (personalNumber: string) =>
    createHmac('sha256', await (secret ??= orders.personKeySecret()))
      .update(`person:${personalNumber}`)
      .digest('base64url');

  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch {
      throw new DomainError('unavailable', VERIFICATION_MESSAGES.unavailable);
    }
  };
  const failed = (reason: 'cancelled' | 'expired' | 'refused', message: string): VerificationState => ({
    status: 'failed',
    reason,
    message,
  });

  async function finish(
    user: UserRecord,
    order: VerificationOrderRecord,
    person: { personalNumber: string; name: string },
  ) {
    const key = await personKey(person.personalNumber);
    return db.transaction(async (tx): Promise<VerificationState> => {
      // Another poll of the same order may have finished it already.
      if (!(await verificationOrdersRepository(tx).remove(order.orderRef))) {
        throw new DomainError('not-found', VERIFICATION_MESSAGES.unknownOrder, { field: 'orderRef' });
      }
      if (key !== order.personKey) return failed('refused', VERIFICATION_MESSAGES.otherPerson);
      const txUsers = usersRepository(tx);
      if (await txUsers.personBlocked(key)) return failed('refused', VERIFICATION_MESSAGES.blockedPerson);
      await txUsers.setVerified(user.id, person.name, key, now());
      const token = await tokens.issue({ username: user.username, role: user.role, verified: true });
      return { status: 'complete', name: person.name, token };
    });
  }

  return {
    async start(user: UserRecord, body: { personalNumber: string }, endUserIp: string): Promise<VerificationStarted> {
      if (user.verifiedAt) throw new DomainError('conflict', VERIFICATION_MESSAGES.alreadyVerified);
      refuseFailure(lastFailure(personalNumberRules, body));
      const personalNumber = normalizePersonalNumber(body.personalNumber)!;
      const at = now();
      const limited = await takeWindowLimits(
        db,
        [{ key: `verification:${user.id}`, max: VERIFICATIONS_PER_HOUR, windowMs: 3600_000 }],
        at,
      );
      if (limited) {
        throw new DomainError('too-many', VERIFICATION_MESSAGES.tooMany, {
          retryAfterSeconds: limited.retryAfterSeconds,
        });
      }
      const open = await orders.findForUser(user.id);
      if (open) await ask(() => verifier.cancel(open.orderRef));
      const order = await ask(() => verifier.start({ personalNumber, endUserIp }));
      await orders.replace({
        orderRef: order.orderRef,
        userId: user.id,
        personKey: await personKey(personalNumber),
        qrStartToken: order.qrStartToken,
        qrStartSecret: order.qrStartSecret,
        startedAt: at,
      });
      return { orderRef: order.orderRef, autoStartToken: order.autoStartToken };
    },

    /** Polled by the browser about every two seconds. */
    async collect(user: UserRecord, orderRef: string): Promise<VerificationState> {
      const order = await orders.find(orderRef, user.id);
      if (!order) throw new DomainError('not-found', VERIFICATION_MESSAGES.unknownOrder, { field: 'orderRef' });
      const at = now();
      if (at.getTime() - order.startedAt.getTime() > GIVE_UP_AFTER_MS) {
        await orders.remove(orderRef);
        await verifier.cancel(orderRef).catch(() => undefined);
        return failed('expired', VERIFICATION_MESSAGES.expired);
      }
      const state = await ask(() => verifier.collect(orderRef));
      if (state.status === 'pending') return { status: 'pending', hint: state.hint, qr: qrCode(order, at) };
      if (state.status === 'complete') return finish(user, order, state.person);
      await orders.remove(orderRef);
      return failed(state.reason, VERIFICATION_MESSAGES[state.reason]);
    },

    /** 'Avbryt': the order ends at BankID too. */
    async cancel(user: UserRecord, orderRef: string): Promise<void> {
      const order = await orders.find(orderRef, user.id);
      if (!order) throw new DomainError('not-found', VERIFICATION_MESSAGES.unknownOrder, { field: 'orderRef' });
      await orders.remove(orderRef);
      await ask(() => verifier.cancel(orderRef));
    },
  };
}

/**
 * The animated QR code's content for the current second, as BankID's integration guide computes it:
 * `bankid.{qrStartToken}.{seconds since start}.{HMAC-SHA-256 of the seconds with qrStartSecret}`.
 */
export function qrCode(order: Pick<VerificationOrderRecord, 'qrStartToken' | 'qrStartSecret' | 'startedAt'>, at: Date) {
  const seconds = Math.max(0, Math.floor((at.getTime() - order.startedAt.getTime()) / 1000));
  const auth = createHmac('sha256', order.qrStartSecret).update(String(seconds)).digest('hex');
  return `bankid.${order.qrStartToken}.${seconds}.${auth}`;
}
