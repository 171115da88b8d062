import type { Queryable } from '@bilmarknaden/db/database';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '@bilmarknaden/shared/notifications';

/** `identity.notification_settings`: a user's switches; a kind without a row is on. */
export function notificationSettingsRepository(db: Queryable) {
  return {
    async get(userId: number): Promise<NotificationSettings> {
      const { rows } = await db.query<{ kind: string; email: boolean }>(
        'SELECT kind, email FROM identity.notification_settings WHERE user_id = $1',
        [userId],
      );
      const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as NotificationSettings;
      for (const row of rows) {
        if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) {
          settings[row.kind as NotificationKind] = row.email;
        }
      }
      return settings;
    },

    async set(userId: number, settings: NotificationSettings): Promise<void> {
      for (const kind of NOTIFICATION_KINDS) {
        await db.query(
          `INSERT INTO identity.notification_settings (user_id, kind, email) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, kind) DO UPDATE SET email = EXCLUDED.email`,
          [userId, kind, settings[kind]],
        );
      }
    },
  };
}
