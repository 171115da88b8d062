import type { Queryable } from '@bilmarknaden/db/database';
import { iso, toDate, toDateOrNull } from '@bilmarknaden/db/timestamps';

export interface InviteRecord {
  id: number;
  dealerId: number;
  email: string;
  created: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
}

export interface ApiKeyRecord {
  id: number;
  name: string;
  prefix: string;
  created: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface InviteRow {
  id: number;
  dealer_id: number;
  email: string;
  created: Date | string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
}

const toInvite = (r: InviteRow): InviteRecord => ({
  id: Number(r.id),
  dealerId: Number(r.dealer_id),
  email: r.email,
  created: toDate(r.created),
  expiresAt: toDate(r.expires_at),
  acceptedAt: toDateOrNull(r.accepted_at),
});

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  created: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const KEY_COLUMNS = 'id, name, prefix, created, last_used_at, revoked_at';

const toKey = (r: KeyRow): ApiKeyRecord => ({
  id: Number(r.id),
  name: r.name,
  prefix: r.prefix,
  created: toDate(r.created),
  lastUsedAt: toDateOrNull(r.last_used_at),
  revokedAt: toDateOrNull(r.revoked_at),
});

/** identity.dealer_invites: only the SHA-256 of each link's token is stored. */
export function dealerInvitesRepository(db: Queryable) {
  return {
    async create(dealerId: number, email: string, tokenHash: string, by: number, at: Date, expiresAt: Date) {
      await db.query(
        `INSERT INTO identity.dealer_invites (dealer_id, email, token_hash, invited_by, created, expires_at)
         VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
        [dealerId, email, tokenHash, by, iso(at), iso(expiresAt)],
      );
    },

    /** Invitations not yet accepted nor expired, newest first. */
    async open(dealerId: number, at: Date): Promise<InviteRecord[]> {
      const { rows } = await db.query<InviteRow>(
        `SELECT * FROM identity.dealer_invites
         WHERE dealer_id = $1 AND accepted_at IS NULL AND expires_at > $2::timestamptz ORDER BY created DESC, id DESC`,
        [dealerId, iso(at)],
      );
      return rows.map(toInvite);
    },

    /** How many invitations the dealer sent since `at` (a limit against mail floods). */
    async sentSince(dealerId: number, at: Date): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM identity.dealer_invites WHERE dealer_id = $1 AND created > $2::timestamptz',
        [dealerId, iso(at)],
      );
      return Number(rows[0]!.n);
    },

    /** The invitation of a token, locked until the transaction ends (one acceptance per invitation). */
    async byTokenHash(tokenHash: string): Promise<InviteRecord | null> {
      const { rows } = await db.query<InviteRow>(
        'SELECT * FROM identity.dealer_invites WHERE token_hash = $1 FOR UPDATE',
        [tokenHash],
      );
      return rows[0] ? toInvite(rows[0]) : null;
    },

    async accept(id: number, userId: number, at: Date): Promise<void> {
      await db.query(
        'UPDATE identity.dealer_invites SET accepted_at = $2::timestamptz, accepted_by = $3 WHERE id = $1',
        [id, iso(at), userId],
      );
    },

    /** Withdraws an open invitation of the dealer; false when there is none with this id. */
    async remove(dealerId: number, id: number): Promise<boolean> {
      const { rowCount } = await db.query(
        'DELETE FROM identity.dealer_invites WHERE id = $1 AND dealer_id = $2 AND accepted_at IS NULL',
        [id, dealerId],
      );
      return rowCount > 0;
    },
  };
}

/** identity.dealer_api_keys: a SHA-256 of each key and its visible prefix; never the key. */
export function dealerApiKeysRepository(db: Queryable) {
  return {
    async create(dealerId: number, name: string, keyHash: string, prefix: string, by: number, at: Date) {
      const { rows } = await db.query<KeyRow>(
        `INSERT INTO identity.dealer_api_keys (dealer_id, name, key_hash, prefix, created_by, created)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz) RETURNING ${KEY_COLUMNS}`,
        [dealerId, name, keyHash, prefix, by, iso(at)],
      );
      return toKey(rows[0]!);
    },

    /** The dealer's keys, live ones first, newest first. */
    async list(dealerId: number): Promise<ApiKeyRecord[]> {
      const { rows } = await db.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM identity.dealer_api_keys
         WHERE dealer_id = $1 ORDER BY revoked_at IS NOT NULL, created DESC, id DESC`,
        [dealerId],
      );
      return rows.map(toKey);
    },

    async liveCount(dealerId: number): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM identity.dealer_api_keys WHERE dealer_id = $1 AND revoked_at IS NULL',
        [dealerId],
      );
      return Number(rows[0]!.n);
    },

    /** Revokes a live key of the dealer; false when there is none with this id. */
    async revoke(dealerId: number, id: number, at: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE identity.dealer_api_keys SET revoked_at = $3::timestamptz
         WHERE id = $1 AND dealer_id = $2 AND revoked_at IS NULL`,
        [id, dealerId, iso(at)],
      );
      return rowCount > 0;
    },

    /** The dealer of a live key, marking the key used now; null for an unknown or revoked key. */
    async use(keyHash: string, at: Date): Promise<number | null> {
      const { rows } = await db.query<{ dealer_id: number }>(
        `UPDATE identity.dealer_api_keys SET last_used_at = $2::timestamptz
         WHERE key_hash = $1 AND revoked_at IS NULL RETURNING dealer_id`,
        [keyHash, iso(at)],
      );
      return rows[0] ? Number(rows[0].dealer_id) : null;
    },
  };
}
