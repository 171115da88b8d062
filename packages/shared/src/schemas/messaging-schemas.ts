import { Type } from '@sinclair/typebox';
import { MessageIdSchema, RowIdSchema } from './id-schemas.ts';

// The messaging API's shapes (MESSAGING_BASE). Times are ISO 8601; ids are integers.

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const MessageSchema = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  sentAt: Type.String({ format: 'date-time' }),
  /** True when the caller wrote it. */
  fromMe: Type.Boolean(),
  /**
   * True for a message to the caller that looks like a scam or moves the talk off the site (a phone number, an
   * address, a link, words of the usual scams): the page shows a warning above it. Never true for the sender.
   */
  warning: Type.Boolean(),
});

/** The ad as it was when the conversation began (title and photo kept after the ad is removed). */
export const ConversationCarSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Path of the first photo's card variant, or null. */
  photo: nullable(Type.String()),
  /** 'removed' once the ad is gone (deleted, hidden); 'sold' once its owner marked it sold. */
  state: Type.Union([Type.Literal('active'), Type.Literal('removed'), Type.Literal('sold')]),
});

/** The other participant; username null once their account is closed ('Raderat konto'). */
export const OtherPartySchema = Type.Object({ username: nullable(Type.String()) });

export const ConversationSummarySchema = Type.Object({
  id: Type.Integer(),
  car: ConversationCarSchema,
  otherParty: OtherPartySchema,
  /** True when the caller sells the car. */
  iAmSeller: Type.Boolean(),
  lastMessage: MessageSchema,
  unread: Type.Boolean(),
});

export const InboxSchema = Type.Object({
  conversations: Type.Array(ConversationSummarySchema),
  /** Pass as `?cursor=` for the next, older page; null at the end. */
  nextCursor: nullable(Type.String()),
});

export const InboxQuerySchema = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 100 })) });

export const UnreadCountSchema = Type.Object({ unread: Type.Integer({ minimum: 0 }) });

export const ConversationSchema = Type.Object({
  id: Type.Integer(),
  car: ConversationCarSchema,
  otherParty: OtherPartySchema,
  iAmSeller: Type.Boolean(),
  /** Who blocked whom: no message can be sent either way while either is true. */
  blocked: Type.Object({ byMe: Type.Boolean(), byOther: Type.Boolean() }),
  /** Oldest first. */
  messages: Type.Array(MessageSchema),
  /** True when older messages exist (ask with `?before=<first message id>`). */
  hasOlder: Type.Boolean(),
});

export const ConversationQuerySchema = Type.Object({ before: Type.Optional(MessageIdSchema()) });

export const StartConversationBodySchema = Type.Object({ carId: RowIdSchema(), text: Type.String() });
export const StartConversationAnswerSchema = Type.Object({ conversationId: Type.Integer(), message: MessageSchema });

export const SendMessageBodySchema = Type.Object({ text: Type.String() });

export const ReadBodySchema = Type.Object({ upTo: MessageIdSchema() });

export const ReportBodySchema = Type.Object({ reason: Type.String(), text: Type.Optional(Type.String()) });

/** Server-sent events: `event: message` (id: the message id) and `event: read` (the caller read elsewhere). */
export const MessageEventSchema = Type.Object({ conversationId: Type.Integer(), message: MessageSchema });
export const ReadEventSchema = Type.Object({ conversationId: Type.Integer() });
