import type { Queryable } from '@bilmarknaden/db/database';

/** Records that staff blocked or unblocked a user (the block relay, decision 041); repeating it changes nothing. */
export async function recordStaffBlock(db: Queryable, username: string, blocked: boolean): Promise<void> {
  await (blocked
    ? db.query(
        'INSERT INTO messaging.blocked_users (username_lower) VALUES (lower($1)) ON CONFLICT (username_lower) DO NOTHING',
        [username],
      )
    : db.query('DELETE FROM messaging.blocked_users WHERE username_lower = lower($1)', [username]));
}
