import type { Queryable } from '@bilmarknaden/db/database';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
} from '@bilmarknaden/shared/notifications';
import { notificationSettingsRepository } from '../repositories/notification-settings-repository.ts';

/** The body of `PUT /user/notification-settings` as settings: every kind, each a boolean, nothing else. */
export function readNotificationSettings(body: unknown): NotificationSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid', NOTIFICATION_SETTINGS_MESSAGES.notObject);
  }
  const input = body as Record<string, unknown>;
  const unknown = Object.keys(input).find((key) => !(NOTIFICATION_KINDS as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw new DomainError('invalid', NOTIFICATION_SETTINGS_MESSAGES.unknownKind, { field: unknown });
  }
  for (const kind of NOTIFICATION_KINDS) {
    if (!(kind in input)) throw new DomainError('invalid', NOTIFICATION_SETTINGS_MESSAGES.missing, { field: kind });
    if (typeof input[kind] !== 'boolean') {
      throw new DomainError('invalid', NOTIFICATION_SETTINGS_MESSAGES.notBoolean, { field: kind });
    }
  }
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, input[kind]])) as NotificationSettings;
}

/** A user's 'Aviseringar': which kinds of notification are mailed. */
export function notificationSettingsService(db: Queryable) {
  const settings = notificationSettingsRepository(db);
  return {
    get: (userId: number) => settings.get(userId),
    async put(userId: number, body: unknown): Promise<NotificationSettings> {
      const next = readNotificationSettings(body);
      await settings.set(userId, next);
      return next;
    },
  };
}
