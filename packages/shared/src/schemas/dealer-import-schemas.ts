import { Type, type Static } from '@sinclair/typebox';

/** One refused row: 'rad {row}: {message}'. */
export const FeedRowErrorSchema = Type.Object({
  row: Type.Integer({ description: "The feed's row number (a CSV's header is row 1)" }),
  field: Type.Optional(Type.String({ description: 'The column at fault' })),
  message: Type.String({ description: "Swedish, e.g. 'pris saknas'" }),
});

/** An import of a dealer's feed with its progress and report (issue 45, decision 060). */
export const ImportRunSchema = Type.Object({
  id: Type.Integer(),
  dealer: Type.String({ description: "The dealer's slug" }),
  source: Type.Union([Type.Literal('upload'), Type.Literal('api-key'), Type.Literal('schedule')]),
  startedBy: Type.Union([Type.String(), Type.Null()], { description: 'The member who uploaded it' }),
  format: Type.Union([Type.Literal('csv'), Type.Literal('json')]),
  full: Type.Boolean({ description: "A full feed: the dealer's imported cars absent from it are marked sold" }),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  created: Type.String({ format: 'date-time' }),
  startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  total: Type.Integer({ description: 'Rows in the feed' }),
  done: Type.Integer({ description: 'Rows applied so far' }),
  counts: Type.Object({
    created: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    sold: Type.Integer({ description: 'Imported cars absent from a full feed, marked sold' }),
    errors: Type.Integer(),
  }),
  errors: Type.Array(FeedRowErrorSchema, { description: 'The refused rows (the first 1,000)' }),
  failure: Type.Union([Type.String(), Type.Null()]),
});
export type ImportRun = Static<typeof ImportRunSchema>;

export const ImportRunListSchema = Type.Array(ImportRunSchema);

/** `POST /dealers/{slug}/imports`: the queued run. */
export const ImportQueuedSchema = Type.Object({ id: Type.Integer(), total: Type.Integer() });

export const DealerSlugParamsSchema = Type.Object({ slug: Type.String({ maxLength: 100 }) });
export const ImportRunParamsSchema = Type.Object({ slug: Type.String({ maxLength: 100 }), id: Type.String() });

/** A dealer's scheduled feed: fetched from `url` every `intervalMinutes` as a full feed. */
export const DealerFeedSettingSchema = Type.Object({
  url: Type.String(),
  intervalMinutes: Type.Integer(),
  nextAt: Type.String({ format: 'date-time', description: 'When it is fetched next' }),
});

/** `PUT /dealers/{slug}/feed`, read loosely: the service gives each fault its Swedish message. */
export const DealerFeedBodySchema = Type.Object({
  url: Type.Optional(Type.Unknown({ description: 'https:// or http:// address of the CSV, JSON or zip feed' })),
  intervalMinutes: Type.Optional(Type.Unknown({ description: 'Minutes between fetches, 15–10080 (default 1440)' })),
});
