import { Type } from '@sinclair/typebox';
import { NOTIFICATION_KINDS } from '../notifications.ts';

/** `GET`/`PUT /user/notification-settings`: one boolean per kind, whether its mails are sent. */
export const NotificationSettingsSchema = Type.Object(
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, Type.Boolean({ description: `Mail for '${kind}'` })]),
  ) as Record<(typeof NOTIFICATION_KINDS)[number], ReturnType<typeof Type.Boolean>>,
  { description: 'One switch per notification kind; every kind is required on PUT' },
);

/** The PUT body as the server reads it: any JSON object; the service gives each wrong key its Swedish message. */
export const NotificationSettingsBodySchema = Type.Record(Type.String(), Type.Unknown(), {
  description: NotificationSettingsSchema.description,
});

/** `POST /internal/notifications` (services of one deployment only, INTERNAL_API_KEY). */
export const NotificationRequestSchema = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'At most one mail per key, however often asked: retries are harmless',
    }),
    username: Type.String({ minLength: 1, maxLength: 100, description: 'The recipient (token `sub`)' }),
    kind: Type.Union(
      NOTIFICATION_KINDS.map((kind) => Type.Literal(kind)),
      { description: "Dropped when the user switched this kind off in 'Aviseringar'" },
    ),
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    text: Type.String({ minLength: 1, maxLength: 20_000, description: 'Plain text; links are absolute (PUBLIC_URL)' }),
  },
  { additionalProperties: false },
);

/** `GET /internal/token-revocations?since=`: users whose tokens issued before `notBefore` are refused. */
export const TokenRevocationsSchema = Type.Object({
  /** Identity's database clock when read: the next request's `since`, less a margin for commits under way. */
  now: Type.String({ format: 'date-time' }),
  revocations: Type.Array(Type.Object({ username: Type.String(), notBefore: Type.String({ format: 'date-time' }) })),
});

export const TokenRevocationsQuerySchema = Type.Object({
  since: Type.String({ format: 'date-time', description: 'Entries recorded after this time' }),
});
