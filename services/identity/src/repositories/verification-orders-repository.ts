import type { Queryable } from '@bilmarknaden/db/database';
import { toDate } from '@bilmarknaden/db/timestamps';

export interface VerificationOrderRecord {
  orderRef: string;
  userId: number;
  personKey: string;
  qrStartToken: string;
  qrStartSecret: string;
  startedAt: Date;
}

interface OrderRow {
  order_ref: string;
  user_id: number;
  person_key: string;
  qr_start_token: string;
  qr_start_secret: string;
  started_at: Date | string;
}

const toRecord = (r: OrderRow): VerificationOrderRecord => ({
  orderRef: r.order_ref,
  userId: Number(r.user_id),
  personKey: r.person_key,
  qrStartToken: r.qr_start_token,
  qrStartSecret: r.qr_start_secret,
  startedAt: toDate(r.started_at),
});

/** BankID orders under way (identity.verification_orders): one per user, a new one replaces the one before. */
export function verificationOrdersRepository(db: Queryable) {
  return {
    /** The user's open order, so it can be cancelled before a new one starts. */
    async findForUser(userId: number): Promise<VerificationOrderRecord | null> {
      const { rows } = await db.query<OrderRow>('SELECT * FROM identity.verification_orders WHERE user_id = $1', [
        userId,
      ]);
      return rows[0] ? toRecord(rows[0]) : null;
    },

    /** The order if it is the user's: another user's order is as unknown as a forged one. */
    async find(orderRef: string, userId: number): Promise<VerificationOrderRecord | null> {
      const { rows } = await db.query<OrderRow>(
        'SELECT * FROM identity.verification_orders WHERE order_ref = $1 AND user_id = $2',
        [orderRef, userId],
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },

    async replace(order: VerificationOrderRecord): Promise<void> {
      await db.query(
        `INSERT INTO identity.verification_orders
           (order_ref, user_id, person_key, qr_start_token, qr_start_secret, started_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
         ON CONFLICT (user_id) DO UPDATE SET order_ref = EXCLUDED.order_ref, person_key = EXCLUDED.person_key,
           qr_start_token = EXCLUDED.qr_start_token, qr_start_secret = EXCLUDED.qr_start_secret,
           started_at = EXCLUDED.started_at`,
        [
          order.orderRef,
          order.userId,
          order.personKey,
          order.qrStartToken,
          order.qrStartSecret,
          order.startedAt.toISOString(),
        ],
      );
    },

    /** False when it was gone already (another poll finished it). */
    async remove(orderRef: string): Promise<boolean> {
      const { rowCount } = await db.query('DELETE FROM identity.verification_orders WHERE order_ref = $1', [orderRef]);
      return rowCount > 0;
    },

    async personKeySecret(): Promise<string> {
      const { rows } = await db.query<{ secret: string }>(
        `SELECT secret FROM identity.signing_keys WHERE name = 'person'`,
      );
      return rows[0]!.secret;
    },
  };
}
