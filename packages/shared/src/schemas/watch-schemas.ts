import { Type } from '@sinclair/typebox';
import { MAX_WATCHES, MAX_WATCH_NAME, WATCH_NOTIFY, WATCH_QUERY_KEYS } from '../watches.ts';
import { CarListItemSchema } from './car-schemas.ts';

const NotifySchema = Type.Union(
  WATCH_NOTIFY.map((n) => Type.Literal(n)),
  { description: 'instant: a mail per new ad; daily: a morning digest; site: only the count on the site' },
);

/** A search as the home page's query string has it (its filters, ranges, places and term). */
export const WatchQuerySchema = Type.Partial(
  Type.Object(
    Object.fromEntries(WATCH_QUERY_KEYS.map((key) => [key, Type.String()])) as Record<
      (typeof WATCH_QUERY_KEYS)[number],
      ReturnType<typeof Type.String>
    >,
    { additionalProperties: false },
  ),
);

/** A bevakning as its owner sees it. */
export const WatchSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  notify: NotifySchema,
  paused: Type.Boolean(),
  query: WatchQuerySchema,
  createdAt: Type.String({ format: 'date-time' }),
  newCount: Type.Integer({ description: 'Matching ads since the owner last opened it' }),
});
export const WatchListSchema = Type.Array(WatchSchema);

/**
 * `POST /watches`: the search and, optionally, the name (made from the search when absent) and how to be told
 * (site by default). Read loosely; the service gives each fault its Swedish message.
 */
export const WatchCreateSchema = Type.Object({
  query: Type.Record(Type.String(), Type.Unknown(), { description: `The search; at most ${MAX_WATCHES} per user` }),
  name: Type.Optional(Type.Unknown({ description: `1–${MAX_WATCH_NAME} characters` })),
  notify: Type.Optional(Type.Unknown({ description: WATCH_NOTIFY.join(' | ') })),
});

/** `PUT /watches/{id}`: any of name, notify, paused. */
export const WatchUpdateSchema = Type.Object({
  name: Type.Optional(Type.Unknown()),
  notify: Type.Optional(Type.Unknown()),
  paused: Type.Optional(Type.Unknown()),
});

/** `GET /watches/{id}/ads`: the matched visible ads, new ones first. */
export const WatchAdListSchema = Type.Array(
  Type.Composite([CarListItemSchema, Type.Object({ isNew: Type.Boolean() })]),
);

export const WatchNewCountSchema = Type.Object({ newCount: Type.Integer() });

/** `POST /watches/unsubscribe`: the mail link's bevakning and token. */
export const WatchUnsubscribeSchema = Type.Object({
  watch: Type.Unknown(),
  token: Type.String({ maxLength: 200 }),
});
export const WatchUnsubscribedSchema = Type.Object({ message: Type.String(), name: Type.String() });
