import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@bilmarknaden/db/database';

/** How long a mail's unsubscribe link works. */
export const UNSUBSCRIBE_TTL_MS = 90 * 24 * 3600_000;

export type TokenCheck = { ok: true; watchId: number } | { ok: false; reason: 'invalid' | 'expired' | 'other' };

/**
 * The one-click unsubscribe links of the bevakningar's mails: `{watchId}.{expiry}.{HMAC}`, the HMAC (SHA-256)
 * over the bevakning, its owner and the expiry with a key made once in the database (`inventory.signing_keys`,
 * shared by the replicas). No login is needed; a forged, altered or expired link, or one of another bevakning,
 * is refused.
 */
export function unsubscribeTokens(db: Queryable) {
  let secret: Promise<string> | undefined;
  const key = () =>
    (secret ??= db
      .query<{ secret: string }>(`SELECT secret FROM inventory.signing_keys WHERE name = 'unsubscribe'`)
      .then((r) => r.rows[0]!.secret));

  const sign = async (watchId: number, username: string, expiry: number) =>
    createHmac('sha256', await key())
      .update(`unsubscribe:${watchId}:${username.toLowerCase()}:${expiry}`)
      .digest('base64url');

  return {
    async make(watchId: number, username: string, now: Date): Promise<string> {
      const expiry = Math.floor((now.getTime() + UNSUBSCRIBE_TTL_MS) / 1000);
      return `${watchId}.${expiry}.${await sign(watchId, username, expiry)}`;
    },

    /**
     * Checks a link's token for bevakning `watchId` owned by `owner` (null: no such bevakning, as for a forged
     * one): signature first, so an altered expiry or bevakning is 'invalid'; then whose and how old.
     */
    async check(token: string, watchId: number, owner: string | null, now: Date): Promise<TokenCheck> {
      const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return { ok: false, reason: 'invalid' };
      const [tokenWatch, expiry] = [Number(m[1]), Number(m[2])];
      if (tokenWatch !== watchId) return { ok: false, reason: 'other' };
      // Signed for a missing bevakning too, so that it answers as a forged link to an existing one, in as long.
      const expected = Buffer.from(await sign(tokenWatch, owner ?? '', expiry));
      const given = Buffer.from(m[3]!);
      if (owner === null || expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: 'invalid' };
      if (expiry * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, watchId };
    },
  };
}
