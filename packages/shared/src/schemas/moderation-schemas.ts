import { Type } from '@sinclair/typebox';
import { CarSchema } from './car-schemas.ts';
import { RowIdSchema } from './id-schemas.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const time = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** 'Anmäl annons': the shared rules check the reason and the text (validation/report.ts). */
export const AdReportBodySchema = Type.Object({
  carId: RowIdSchema(),
  reason: Type.String(),
  text: Type.Optional(Type.String()),
});

/** What became of a report: still open, the ad hidden, or no breach found. The moderator is never named. */
export const ReportOutcomeSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('hidden'),
  Type.Literal('dismissed'),
]);

/** One of the caller's reports ('Mina anmälningar'). */
export const OwnReportSchema = Type.Object({
  id: Type.Integer(),
  carId: Type.Integer(),
  title: Type.String({ description: 'The title of the ad when it was reported' }),
  reason: Type.String(),
  created: time(),
  outcome: ReportOutcomeSchema,
  decidedAt: nullable(time()),
});
export const OwnReportListSchema = Type.Array(OwnReportSchema);

/** A hidden ad as its owner sees it, with the moderators' reason and the state of a review request. */
export const OwnHiddenCarSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  reason: Type.String(),
  heldForPrice: Type.Boolean({
    description: "'Granskas': held for a price far below its range until a moderator looks (issue 42)",
  }),
  hiddenAt: time(),
  reviewRequestedAt: nullable(time()),
  reviewDecidedAt: nullable(time('The moderators kept it hidden after the review')),
});
export const OwnHiddenCarListSchema = Type.Array(OwnHiddenCarSchema);

export const ReviewBodySchema = Type.Object({ text: Type.String() });
export const ReasonBodySchema = Type.Object({ reason: Type.String() });
export const OptionalReasonBodySchema = Type.Object({ reason: Type.Optional(Type.String()) });

/** A report as the moderators read it: the reason and the text, not who sent it. */
export const QueueReportSchema = Type.Object({
  id: Type.Integer(),
  reason: Type.String(),
  text: Type.String(),
  created: time(),
});

export const HiddenStateSchema = Type.Object({
  reason: Type.String(),
  heldForPrice: Type.Boolean({
    description: "'Granskas': held for a price far below its range until a moderator looks (issue 42)",
  }),

  hiddenAt: time(),
  reviewText: nullable(Type.String()),
  reviewRequestedAt: nullable(time()),
  reviewDecidedAt: nullable(time()),
});

/** One ad of the queue: most reported and oldest first; a review request is marked. */
export const QueueItemSchema = Type.Object({
  carId: Type.Integer(),
  title: Type.String(),
  seller: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('sold'), Type.Literal('hidden')]),
  openReports: Type.Integer({ minimum: 0 }),
  firstReportedAt: nullable(time()),
  reviewRequested: Type.Boolean(),
  heldForPrice: Type.Boolean({
    description: "'Granskas': held for a price far below its range until a moderator looks (issue 42)",
  }),
  reports: Type.Array(QueueReportSchema),
});
export const QueueSchema = Type.Array(QueueItemSchema);

/** The seller's other ads in the moderators' view. */
export const SellerAdSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.String(),
  reports: Type.Integer({ minimum: 0 }),
});

/** One ad as the moderators see it: as the public does (even when hidden), and its context. */
export const ModerationCarSchema = Type.Object({
  car: CarSchema,
  status: Type.Union([Type.Literal('active'), Type.Literal('sold'), Type.Literal('hidden')]),
  hidden: nullable(HiddenStateSchema),
  reports: Type.Array(QueueReportSchema),
  sellerBlocked: Type.Boolean(),
  sellerAds: Type.Array(SellerAdSchema),
  sellerHistory: Type.Object({
    reports: Type.Integer({ description: 'Reports ever made about ads of the seller' }),
    hiddenAds: Type.Integer({ description: 'Times a moderator hid an ad of the seller' }),
  }),
});

/** 'Anmäl användare': the shared rules check the reason and the text (validation/report.ts). */
export const UserReportBodySchema = Type.Object({
  reason: Type.String(),
  text: Type.Optional(Type.String()),
});

/** What became of a report of a user: still open, the user blocked, or no breach found. */
export const UserReportOutcomeSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('blocked'),
  Type.Literal('dismissed'),
]);

/** One of the caller's reports of users ('Mina anmälningar'). The moderator is never named. */
export const OwnUserReportSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String({ description: 'The reported user' }),
  reason: Type.String(),
  created: time(),
  outcome: UserReportOutcomeSchema,
  decidedAt: nullable(time()),
});
export const OwnUserReportListSchema = Type.Array(OwnUserReportSchema);

/** One reported user of the queue ('Anmälda användare'): the open reports, the user's ads and record. */
export const UserQueueItemSchema = Type.Object({
  username: Type.String(),
  blocked: Type.Boolean({ description: 'Inventory has the block from identity (decision 041)' }),
  openReports: Type.Integer({ minimum: 0 }),
  firstReportedAt: time(),
  reports: Type.Array(QueueReportSchema),
  ads: Type.Array(SellerAdSchema),
  history: Type.Object({
    userReports: Type.Integer({ description: 'Reports ever made about the user' }),
    adReports: Type.Integer({ description: 'Reports ever made about ads of the user' }),
    hiddenAds: Type.Integer({ description: 'Times a moderator hid an ad of the user' }),
  }),
});
export const UserQueueSchema = Type.Array(UserQueueItemSchema);

/** The params of `/users/:username/…` (any text; an unknown name is answered 404). */
export const UsernameParamsSchema = Type.Object({ username: Type.String() });

/** An own hidden ad as its owner opens it: as the detail shows it, without photos, and why it is hidden. */
export const OwnHiddenCarDetailSchema = Type.Object({
  car: CarSchema,
  hidden: HiddenStateSchema,
});

export const AUDIT_ACTIONS = [
  'hide',
  'restore',
  'dismiss',
  'keep-hidden',
  'block',
  'unblock',
  'conversation-handled',
  'conversation-dismissed',
] as const;

/** One moderator action of the audit log: who, when, what, why. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: time(),
  actor: Type.String(),
  action: Type.Union(AUDIT_ACTIONS.map((a) => Type.Literal(a))),
  carId: nullable(Type.Integer()),
  username: nullable(Type.String({ description: 'The seller or the user the action concerns' })),
  conversationId: nullable(Type.Integer({ description: 'The reported conversation a decision concerns' })),
  reason: Type.String(),
});
export const AuditListSchema = Type.Array(AuditEntrySchema);

export const AuditQuerySchema = Type.Object({
  actor: Type.Optional(Type.String({ description: 'Who acted (username)' })),
  action: Type.Optional(Type.String({ description: AUDIT_ACTIONS.join(' | ') })),
  username: Type.Optional(Type.String({ description: 'The user the action concerns' })),
  carId: Type.Optional(Type.String({ description: 'The ad' })),
  from: Type.Optional(Type.String({ description: 'ISO date-time, inclusive' })),
  to: Type.Optional(Type.String({ description: 'ISO date-time, exclusive' })),
  start: Type.Optional(Type.String()),
  end: Type.Optional(Type.String()),
});

/** An open report of a conversation as the moderators read it, with the conversation's newest messages. */
export const ConversationReportSchema = Type.Object({
  id: Type.Integer(),
  conversationId: Type.Integer(),
  carId: Type.Integer(),
  carTitle: Type.String(),
  seller: nullable(Type.String()),
  buyer: nullable(Type.String()),
  reportedBy: nullable(Type.Union([Type.Literal('seller'), Type.Literal('buyer')])),
  reason: Type.String(),
  text: Type.String(),
  created: time(),
  messages: Type.Array(Type.Object({ sender: Type.String(), text: Type.String(), sentAt: time() })),
});
export const ConversationReportListSchema = Type.Array(ConversationReportSchema);

/** A message that tripped a warning rule (issue #42), as 'Flaggade meddelanden' lists it. */
export const FlaggedMessageSchema = Type.Object({
  id: Type.Integer(),
  conversationId: Type.Integer(),
  carId: Type.Integer(),
  carTitle: Type.String({ description: 'The title of the ad when the conversation began' }),
  sender: Type.String(),
  /** The other participant; null once that account is closed. */
  recipient: nullable(Type.String()),
  text: Type.String(),
  sentAt: time(),
  flags: Type.Array(Type.String(), {
    description: "The rules it tripped: 'phone', 'email', 'link', 'scam:<word>' (shared message-warnings.ts)",
  }),
});
export const FlaggedMessageListSchema = Type.Object({
  messages: Type.Array(FlaggedMessageSchema),
  /** `?before=` for the next page; null on the last. */
  nextCursor: nullable(Type.String()),
});

/** PUT /reports/{id}/decision: the rules are the shared validation/report-decision.ts. */
export const ConversationReportDecisionBodySchema = Type.Object({
  outcome: Type.String({ description: "'handled' (Åtgärdad) or 'dismissed' (Ingen överträdelse)" }),
  note: Type.Optional(Type.String({ description: 'Why, for the audit log; never shown to the reporter' })),
});

/** One of the caller's reports of a conversation ('Mina anmälningar'). The moderator is never named. */
export const OwnConversationReportSchema = Type.Object({
  id: Type.Integer(),
  conversationId: Type.Integer(),
  carId: Type.Integer(),
  carTitle: Type.String({ description: 'The title of the ad when the conversation began' }),
  otherParty: nullable(Type.String({ description: 'The other participant; null once that account is closed' })),
  reason: Type.String(),
  created: time(),
  outcome: Type.Union([Type.Literal('open'), Type.Literal('handled'), Type.Literal('dismissed')]),
  decidedAt: nullable(time()),
});
export const OwnConversationReportListSchema = Type.Array(OwnConversationReportSchema);

/** PUT /users/{username}/blocked. */
export const BlockBodySchema = Type.Object({ blocked: Type.Boolean(), reason: Type.Optional(Type.String()) });
export const BlockStateSchema = Type.Object({ username: Type.String(), blocked: Type.Boolean() });
