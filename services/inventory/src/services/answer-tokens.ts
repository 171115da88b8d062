import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@bilmarknaden/db/database';
import type { StillForSaleAnswer } from '@bilmarknaden/shared/ad-lifecycle';

/** How long the links of 'Är bilen fortfarande till salu?' work. */
export const ANSWER_TTL_MS = 30 * 24 * 3600_000;

export type AnswerCheck = { ok: true; askedFor: Date } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * The one-click answers of 'Är bilen fortfarande till salu?': `{askedFor ms}.{expiry}.{HMAC}`, the HMAC (SHA-256)
 * over the ad, its seller, the question (the quiet period it asked about), the answer and the expiry, with a key
 * made once in the database (`inventory.signing_keys` 'ad-answers'), as the bevakningar's unsubscribe links are. A
 * link works once: the ad records the question answered (services/ad-lifecycle-service.ts).
 */
export function answerTokens(db: Queryable) {
  let secret: Promise<string> | undefined;
  const key = () =>
    (secret ??= db
      .query<{ secret: string }>(`SELECT secret FROM inventory.signing_keys WHERE name = 'ad-answers'`)
      .then((r) => r.rows[0]!.secret));

  const sign = async (carId: number, username: string, askedMs: number, answer: string, expiry: number) =>
    createHmac('sha256', await key())
      .update(`ad-answer:${carId}:${username.toLowerCase()}:${askedMs}:${answer}:${expiry}`)
      .digest('base64url');

  return {
    async make(carId: number, username: string, askedFor: Date, answer: StillForSaleAnswer, now: Date) {
      const expiry = Math.floor((now.getTime() + ANSWER_TTL_MS) / 1000);
      const askedMs = askedFor.getTime();
      return `${askedMs}.${expiry}.${await sign(carId, username, askedMs, answer, expiry)}`;
    },

    /**
     * Checks a token for the answer `answer` about ad `carId` of `seller` (null: no such ad, answered as a forged
     * link in as long): signature first, so an altered part is 'invalid'; then its age.
     */
    async check(
      token: string,
      carId: number,
      seller: string | null,
      answer: StillForSaleAnswer,
      now: Date,
    ): Promise<AnswerCheck> {
      const m = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return { ok: false, reason: 'invalid' };
      const [askedMs, expiry] = [Number(m[1]), Number(m[2])];
      const expected = Buffer.from(await sign(carId, seller ?? '', askedMs, answer, expiry));
      const given = Buffer.from(m[3]!);
      if (seller === null || expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: 'invalid' };
      if (expiry * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, askedFor: new Date(askedMs) };
    },
  };
}
