import type { Database, Queryable } from '@bilmarknaden/db/database';
import { isClosed, lockUser } from './closed-accounts-repository.ts';
import type { Message } from '@bilmarknaden/shared/api-types';
import { iso } from '@bilmarknaden/db/timestamps';

/** The channel of the database notifications that live delivery listens to (decision 035). */
export const MESSAGING_CHANNEL = 'messaging_events';

/** The ad as it was when the conversation began. */
export interface KeptAd {
  carId: number;
  title: string;
  photo: string | null;
}

/** The caller's side of a conversation. */
export interface ParticipantView {
  conversationId: number;
  car: KeptAd;
  iAmSeller: boolean;
  /** null once the other account is closed. */
  otherUsername: string | null;
  blocksOther: boolean;
  blockedByOther: boolean;
}

export interface InboxRow {
  conversationId: number;
  car: KeptAd;
  iAmSeller: boolean;
  otherUsername: string | null;
  lastMessage: Message;
  unread: boolean;
}

/** Per user and hour: new conversations, messages, reports. */
export interface HourlyLimits {
  conversations: number;
  messages: number;
  reports: number;
}

/** A write refused by a limit: the seconds until the oldest counted row leaves the hour. */
export interface Limited {
  kind: 'limited';
  /** Which limit: new conversations, messages or reports. */
  what: keyof HourlyLimits;
  retryAfterSeconds: number;
}

export type SendOutcome =
  | { kind: 'sent'; conversationId: number; message: Message }
  | { kind: 'not-found' | 'closed' | 'blocked-by-me' | 'blocked-by-other' | 'other-closed' | 'other-blocked' }
  | Limited;

export interface MessageRow {
  id: number;
  conversation_id: number;
  text: string;
  sent_at: Date | string;
  sender: string;
  /** The warning rules it tripped (message-warnings.ts); empty for most. */
  flags: string[];
}

/** "Before every id": one statement for the first page and the later ones, each an index range. */
const BIGINT_MAX = '9223372036854775807';

export const toMessage = (row: MessageRow, username: string): Message => ({
  id: row.id,
  text: row.text,
  sentAt: iso(row.sent_at),
  fromMe: row.sender === username,
  // The recipient is warned; the sender is not told.
  warning: row.sender !== username && row.flags.length > 0,
});

/** Where the hourly limits of conversations and messages count the user's rows (reports: `hourlyLimit`). */
const HOURLY_COUNTED = {
  conversations: { table: 'messaging.conversations', who: 'buyer', at: 'created_at' },
  messages: { table: 'messaging.messages', who: 'sender', at: 'sent_at' },
} as const;

/**
 * SQL for how many rows of `what` the user ($1) wrote within the hour before the transaction began (`n`), and the
 * seconds until the oldest of them leaves the hour (`wait`); counts no further than `limit`, so its cost stays flat.
 */
function hourlySql(what: keyof typeof HOURLY_COUNTED, limit: number): string {
  const sql = HOURLY_COUNTED[what];
  return `SELECT count(*)::int AS n,
                 ceil(extract(epoch FROM min(at) + interval '1 hour' - now()))::int AS wait
            FROM (SELECT ${sql.at} AS at FROM ${sql.table}
                   WHERE ${sql.who} = $1 AND ${sql.at} > now() - interval '1 hour'
                   ORDER BY ${sql.at} LIMIT ${Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 'ALL'}) counted`;
}

export const limitedBy = (
  what: keyof HourlyLimits,
  limits: HourlyLimits,
  row: { n: number; wait: number | null },
): Limited | null =>
  Number(row.n) >= limits[what]
    ? { kind: 'limited', what, retryAfterSeconds: Math.max(1, Number(row.wait ?? 1)) }
    : null;

/** The user's hourly count of `what` against its limit: a Limited when it is reached. */
async function hourly(
  tx: Queryable,
  what: keyof typeof HOURLY_COUNTED,
  username: string,
  limits: HourlyLimits,
): Promise<Limited | null> {
  const r = await tx.query<{ n: number; wait: number | null }>(hourlySql(what, limits[what]), [username]);
  return limitedBy(what, limits, r.rows[0]!);
}

const notify = (tx: Queryable, payload: object) =>
  tx.query(`SELECT pg_notify('${MESSAGING_CHANNEL}', $1)`, [JSON.stringify(payload)]);

/**
 * Stores a message in a conversation the caller takes part in, in one statement: the checks (closed account,
 * participant, blocks, the other party, the hourly limit of $4, counted no further than it) and, when all pass, the
 * message, both participants' rows and the notification on $5, which goes out with the commit. The conversation row
 * is locked first, so two sends in one conversation commit in id order. On PostgreSQL the caller holds the user's
 * lock (the hourly limit); PGlite is one connection, where statements never overlap.
 */
const SEND_SQL = `
  WITH me AS (
     SELECT p.is_seller, p.blocks, o.blocks AS other_blocks, o.username AS other_username
       FROM messaging.conversations c
       JOIN messaging.participants p ON p.conversation_id = c.id AND p.username = $1
       LEFT JOIN messaging.participants o ON o.conversation_id = c.id AND o.is_seller <> p.is_seller
      WHERE c.id = $2
        FOR UPDATE OF c),
   hourly AS (
     SELECT count(*)::int AS n, ceil(extract(epoch FROM min(at) + interval '1 hour' - now()))::int AS wait
       FROM (SELECT sent_at AS at FROM messaging.messages
              WHERE sender = $1 AND sent_at > now() - interval '1 hour'
              ORDER BY sent_at LIMIT $4) counted),
   checked AS (
     SELECT EXISTS (SELECT 1 FROM messaging.closed_accounts WHERE username_lower = lower($1)) AS closed,
            EXISTS (SELECT 1 FROM messaging.blocked_users b WHERE b.username_lower = lower(me.other_username))
              AS other_staff_blocked,
            me.*, hourly.*
       FROM hourly LEFT JOIN me ON true),
   m AS (
     INSERT INTO messaging.messages (conversation_id, sender, text, flags)
     SELECT $2, $1, $3, $6::text[] FROM checked
      WHERE NOT checked.closed AND checked.is_seller IS NOT NULL AND NOT checked.blocks
        AND checked.other_blocks IS NOT TRUE AND checked.other_username IS NOT NULL
        AND NOT checked.other_staff_blocked AND checked.n < $4
     RETURNING messages.id, messages.conversation_id, messages.text, messages.sent_at, messages.sender, messages.flags),
   -- The sender has seen the conversation up to their own message; the other party has one more to read.
   moved AS (
     UPDATE messaging.participants p
        SET last_message_id = m.id,
            last_incoming_id = CASE WHEN p.username = m.sender THEN p.last_incoming_id ELSE m.id END,
            read_up_to = CASE WHEN p.username = m.sender THEN m.id ELSE p.read_up_to END,
            mailed_for = CASE WHEN p.username = m.sender THEN NULL ELSE p.mailed_for END
       FROM m WHERE p.conversation_id = m.conversation_id)
  SELECT checked.closed, checked.is_seller, checked.blocks, checked.other_blocks, checked.other_username,
         checked.other_staff_blocked,
         checked.n, checked.wait, m.id, m.conversation_id, m.text, m.sent_at, m.sender, m.flags,
         CASE WHEN m.id IS NOT NULL THEN pg_notify($5, json_build_object(
           'kind', 'message', 'conversationId', m.conversation_id, 'messageId', m.id,
           'usernames', json_build_array(m.sender, checked.other_username))::text) END::text AS notified
    FROM checked LEFT JOIN m ON true`;

/** A message to store: its text and the warning rules it trips (message-warnings.ts). */
export interface NewMessage {
  text: string;
  flags: string[];
}

async function sendIn(
  q: Queryable,
  username: string,
  conversationId: number,
  message: NewMessage,
  limits: HourlyLimits,
): Promise<SendOutcome> {
  const r = await q.query<
    MessageRow & {
      closed: boolean;
      is_seller: boolean | null;
      blocks: boolean;
      other_blocks: boolean | null;
      other_username: string | null;
      other_staff_blocked: boolean;
      n: number;
      wait: number | null;
    }
  >(SEND_SQL, [
    username,
    conversationId,
    message.text,
    Number.isFinite(limits.messages) ? limits.messages : 2 ** 31 - 1,
    MESSAGING_CHANNEL,
    message.flags,
  ]);
  const row = r.rows[0]!;
  if (row.id !== null) return { kind: 'sent', conversationId, message: toMessage(row, username) };
  if (row.closed) return { kind: 'closed' };
  if (row.is_seller === null) return { kind: 'not-found' };
  if (row.blocks) return { kind: 'blocked-by-me' };
  if (row.other_blocks) return { kind: 'blocked-by-other' };
  if (row.other_username === null) return { kind: 'other-closed' };
  if (row.other_staff_blocked) return { kind: 'other-blocked' };
  return limitedBy('messages', limits, row) ?? { kind: 'not-found' };
}

const PARTICIPANT_COLUMNS = `
  p.conversation_id, p.is_seller, p.blocks, c.car_id, c.car_title, c.car_photo,
  CASE WHEN p.is_seller THEN c.buyer ELSE c.seller END AS other_username`;

interface ParticipantRow {
  conversation_id: number;
  is_seller: boolean;
  blocks: boolean;
  car_id: number;
  car_title: string;
  car_photo: string | null;
  other_username: string | null;
}

const keptAd = (row: { car_id: number; car_title: string; car_photo: string | null }): KeptAd => ({
  carId: row.car_id,
  title: row.car_title,
  photo: row.car_photo,
});

export function conversationsRepository(db: Database) {
  return {
    /**
     * The median time to the seller's first answer over their conversations started in the last `days` days,
     * in seconds: an unanswered conversation counts as never answered once it is a day old (a younger one is left
     * out); null with fewer than `minimum` conversations or when most are never answered.
     */
    async medianFirstReply(seller: string, days: number, minimum: number): Promise<number | null> {
      const r = await db.query<{ median: number | null; n: number }>(
        `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY reply) AS median, count(*)::int AS n FROM (
           SELECT COALESCE(
                    extract(epoch FROM (SELECT min(m.sent_at) FROM messaging.messages m
                                         WHERE m.conversation_id = c.id AND m.sender = c.seller) - c.created_at),
                    'Infinity'::float8) AS reply,
                  c.created_at
             FROM messaging.conversations c
            WHERE lower(c.seller) = lower($1) AND c.created_at >= now() - make_interval(days => $2)
         ) r
         WHERE reply < 'Infinity'::float8 OR created_at < now() - interval '1 day'`,
        [seller, days],
      );
      const { median, n } = r.rows[0] ?? { median: null, n: 0 };
      return n >= minimum && median !== null && Number.isFinite(Number(median)) ? Math.max(0, Number(median)) : null;
    },

    /** How many conversations there are about each of the seller's ads ('Mina annonser', issue 43). */
    async countsPerAd(seller: string): Promise<{ carId: number; conversations: number }[]> {
      const r = await db.query<{ car_id: number; n: number }>(
        `SELECT car_id, count(*)::int AS n FROM messaging.conversations
          WHERE lower(seller) = lower($1) GROUP BY car_id ORDER BY car_id`,
        [seller],
      );
      return r.rows.map((row) => ({ carId: row.car_id, conversations: row.n }));
    },

    /** The conversation the buyer has about an ad, if any. */
    async findOfBuyer(carId: number, buyer: string): Promise<number | null> {
      const r = await db.query<{ id: number }>(
        `SELECT id FROM messaging.conversations WHERE car_id = $1 AND buyer = $2`,
        [carId, buyer],
      );
      return r.rows[0]?.id ?? null;
    },

    /**
     * Starts the buyer's conversation about an ad with its first message, or, when the buyer has one already (two
     * tabs starting at once), adds the message to it. Refused for a closed account and past the hourly limits.
     */
    start(
      buyer: string,
      ad: KeptAd & { seller: string },
      message: NewMessage,
      limits: HourlyLimits,
    ): Promise<SendOutcome> {
      return db.transaction(async (tx) => {
        await lockUser(tx, buyer);
        if (await isClosed(tx, buyer)) return { kind: 'closed' };
        const existing = await tx.query<{ id: number }>(
          `SELECT id FROM messaging.conversations WHERE car_id = $1 AND buyer = $2`,
          [ad.carId, buyer],
        );
        if (existing.rows[0]) return sendIn(tx, buyer, existing.rows[0].id, message, limits);
        // A block is between two people: it covers every conversation of theirs, new ones too.
        const blocked = await tx.query<{ by_me: boolean; by_other: boolean }>(
          `SELECT coalesce(bool_or(lower(p.username) = lower($1)), false) AS by_me,
                  coalesce(bool_or(lower(p.username) = lower($2)), false) AS by_other
             FROM messaging.participants p
             JOIN messaging.participants o ON o.conversation_id = p.conversation_id AND o.is_seller <> p.is_seller
            WHERE p.blocks AND lower(p.username) IN (lower($1), lower($2))
              AND lower(o.username) IN (lower($1), lower($2)) AND lower(o.username) <> lower(p.username)`,
          [buyer, ad.seller],
        );
        if (blocked.rows[0]!.by_me) return { kind: 'blocked-by-me' };
        if (blocked.rows[0]!.by_other) return { kind: 'blocked-by-other' };
        const limited = await hourly(tx, 'conversations', buyer, limits);
        if (limited) return limited;
        const created = await tx.query<{ id: number }>(
          `INSERT INTO messaging.conversations (car_id, car_title, car_photo, seller, buyer)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [ad.carId, ad.title, ad.photo, ad.seller, buyer],
        );
        const id = created.rows[0]!.id;
        await tx.query(
          `INSERT INTO messaging.participants (conversation_id, is_seller, username, last_message_id)
           VALUES ($1, true, $2, 0), ($1, false, $3, 0)`,
          [id, ad.seller, buyer],
        );
        return sendIn(tx, buyer, id, message, limits);
      });
    },

    /** Adds a message to a conversation the user takes part in. */
    send(username: string, conversationId: number, message: NewMessage, limits: HourlyLimits): Promise<SendOutcome> {
      if (db.engine === 'pglite') return sendIn(db, username, conversationId, message, limits);
      return db.transaction(async (tx) => {
        await lockUser(tx, username);
        return sendIn(tx, username, conversationId, message, limits);
      });
    },

    /** The user's side of a conversation, or null when they take no part in it. */
    async participant(username: string, conversationId: number): Promise<ParticipantView | null> {
      const r = await db.query<ParticipantRow & { other_blocks: boolean | null }>(
        `SELECT ${PARTICIPANT_COLUMNS}, o.blocks AS other_blocks
           FROM messaging.participants p
           JOIN messaging.conversations c ON c.id = p.conversation_id
           LEFT JOIN messaging.participants o ON o.conversation_id = p.conversation_id AND o.is_seller <> p.is_seller
          WHERE p.conversation_id = $1 AND p.username = $2`,
        [conversationId, username],
      );
      const row = r.rows[0];
      if (!row) return null;
      return {
        conversationId: row.conversation_id,
        car: keptAd(row),
        iAmSeller: row.is_seller,
        otherUsername: row.other_username,
        blocksOther: row.blocks,
        blockedByOther: row.other_blocks === true,
      };
    },

    /** Up to `limit` messages before `before` (all when null), newest first. */
    async messagesBefore(
      username: string,
      conversationId: number,
      before: number | null,
      limit: number,
    ): Promise<Message[]> {
      const r = await db.query<MessageRow>(
        `SELECT id, conversation_id, text, sent_at, sender, flags FROM messaging.messages
          WHERE conversation_id = $1 AND id < $2::bigint
          ORDER BY id DESC LIMIT $3`,
        [conversationId, before ?? BIGINT_MAX, limit],
      );
      return r.rows.map((row) => toMessage(row, username));
    },

    /**
     * A page of the user's inbox, newest message first, conversations whose last message is below `before`. The
     * page is cut from the inbox index first, so the plan holds without fresh statistics (PGlite has no autovacuum).
     */
    async inbox(username: string, before: number | null, limit: number): Promise<InboxRow[]> {
      const r = await db.query<ParticipantRow & MessageRow & { unread: boolean }>(
        `SELECT p.conversation_id, p.is_seller, p.blocks, c.car_id, c.car_title, c.car_photo,
                CASE WHEN p.is_seller THEN c.buyer ELSE c.seller END AS other_username, p.unread,
                m.id, m.text, m.sent_at, m.sender, m.flags
           FROM (SELECT * FROM messaging.participants
                  WHERE username = $1 AND last_message_id < $2
                  ORDER BY last_message_id DESC LIMIT $3) p
           JOIN messaging.conversations c ON c.id = p.conversation_id
           JOIN messaging.messages m ON m.id = p.last_message_id
          ORDER BY p.last_message_id DESC`,
        [username, before ?? BIGINT_MAX, limit],
      );
      return r.rows.map((row) => ({
        conversationId: row.conversation_id,
        car: keptAd(row),
        iAmSeller: row.is_seller,
        otherUsername: row.other_username,
        lastMessage: toMessage(row, username),
        unread: row.unread,
      }));
    },

    /** How many of the user's conversations hold messages they have not read. */
    async unreadCount(username: string): Promise<number> {
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messaging.participants
          WHERE username = $1 AND unread`,
        [username],
      );
      return Number(r.rows[0]!.n);
    },

    /**
     * Marks the user's messages read up to `upTo` (at most the conversation's last message; never backwards); a
     * mail about a message now read no longer holds the next one back. False when the user takes no part.
     */
    markRead(username: string, conversationId: number, upTo: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const before = await tx.query<{ read_up_to: number }>(
          `SELECT read_up_to FROM messaging.participants WHERE conversation_id = $1 AND username = $2 FOR UPDATE`,
          [conversationId, username],
        );
        if (!before.rows[0]) return false;
        const after = await tx.query<{ read_up_to: number }>(
          `UPDATE messaging.participants
              SET read_up_to = GREATEST(read_up_to, LEAST($3::bigint, last_message_id)),
                  mailed_for = CASE WHEN mailed_for <= LEAST($3::bigint, last_message_id) THEN NULL ELSE mailed_for END
            WHERE conversation_id = $1 AND username = $2
            RETURNING read_up_to`,
          [conversationId, username, upTo],
        );
        if (Number(after.rows[0]!.read_up_to) !== Number(before.rows[0].read_up_to)) {
          await notify(tx, { kind: 'read', conversationId, usernames: [username] });
        }
        return true;
      });
    },

    /** Sets whether the user blocks the other party; false when the user takes no part. */
    /**
     * Blocks or unblocks the other party of a conversation the user takes part in: in every conversation of the
     * two, since a block is between two people. False when the user takes no part in it.
     */
    setBlock(username: string, conversationId: number, blocks: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const r = await tx.query(
          `UPDATE messaging.participants SET blocks = $3 WHERE conversation_id = $1 AND username = $2`,
          [conversationId, username, blocks],
        );
        if (r.rowCount === 0) return false;
        await tx.query(
          `UPDATE messaging.participants p SET blocks = $3
             FROM messaging.participants o,
                  (SELECT other.username FROM messaging.participants other
                    WHERE other.conversation_id = $1 AND other.username <> $2) pair
            WHERE p.username = $2 AND o.conversation_id = p.conversation_id AND o.is_seller <> p.is_seller
              AND lower(o.username) = lower(pair.username) AND p.blocks <> $3`,
          [conversationId, username, blocks],
        );
        return true;
      });
    },
  };
}

export type ConversationsRepository = ReturnType<typeof conversationsRepository>;
