// The TypeScript types of the API's shapes, each derived from its one schema in schemas/ (type-only imports:
// the web bundle gets no TypeBox).
import type { Static } from '@sinclair/typebox';
import type { ApiErrorSchema } from './schemas/api-error-schemas.ts';
import type {
  AdConversationCountsSchema,
  ExpiredCarSchema,
  OwnAdSchema,
  RenewedSchema,
  StillForSaleAnswerSchema,
} from './schemas/ad-lifecycle-schemas.ts';
import type {
  WatchAdListSchema,
  WatchNewCountSchema,
  WatchSchema,
  WatchUnsubscribedSchema,
} from './schemas/watch-schemas.ts';
import type {
  CarFiltersSchema,
  CarListItemSchema,
  CarListQuerySchema,
  CarSchema,
  AdCreatedSchema,
  NamedSchema,
  SavedCarListSchema,
  SavedRemovedListSchema,
  SavedToggleSchema,
  SoldCarListSchema,
  CarCountSchema,
} from './schemas/car-schemas.ts';
import type {
  PriceHistoryEntrySchema,
  PriceJudgementSchema,
  PriceLabelSchema,
  PriceRangeSchema,
} from './schemas/price-schemas.ts';
import type { AdVehicleFactsSchema, VehicleFactsSchema } from './schemas/vehicle-schemas.ts';
import type { FeedbackBodySchema, FeedbackItemSchema } from './schemas/feedback-schemas.ts';
import type {
  AuditEntrySchema,
  AuditQuerySchema,
  BlockStateSchema,
  ConversationReportSchema,
  FlaggedMessageListSchema,
  FlaggedMessageSchema,
  ModerationCarSchema,
  OwnConversationReportSchema,
  OwnHiddenCarDetailSchema,
  OwnUserReportSchema,
  UserQueueItemSchema,
  OwnHiddenCarSchema,
  OwnReportSchema,
  QueueItemSchema,
} from './schemas/moderation-schemas.ts';
import type {
  ConversationSchema,
  ConversationSummarySchema,
  InboxSchema,
  MessageEventSchema,
  MessageSchema,
  StartConversationAnswerSchema,
  UnreadCountSchema,
} from './schemas/messaging-schemas.ts';
import type {
  CurrentUserSchema,
  LoginBodySchema,
  PublicProfileSchema,
  RegistrationBodySchema,
  StoredUserDetailsSchema,
  SellerReplyTimeSchema,
  SellerSummarySchema,
  VerificationStartedSchema,
  VerificationStateSchema,
} from './schemas/user-schemas.ts';

export type ApiError = Static<typeof ApiErrorSchema>;
export type CarListItem = Static<typeof CarListItemSchema>;
export type Car = Static<typeof CarSchema>;
export type CarFilters = Static<typeof CarFiltersSchema>;
export type CarListQuery = Static<typeof CarListQuerySchema>;
/** `GET /cars/count`: matches up to LIST_COUNT_CAP, `more` beyond. */
export type CarCount = Static<typeof CarCountSchema>;
export type CreatedCar = Static<typeof AdCreatedSchema>;
export type SavedToggle = Static<typeof SavedToggleSchema>;
/** `GET /002/2001`: the makes, alphabetical. */
export type Make = Static<typeof NamedSchema>;
/** `GET /002/2002?make=`: the models of one make, alphabetical. */
export type Model = Static<typeof NamedSchema>;
export type CurrentUser = Static<typeof CurrentUserSchema>;
export type PublicProfile = Static<typeof PublicProfileSchema>;
export type SellerSummary = Static<typeof SellerSummarySchema>;
export type SellerReplyTime = Static<typeof SellerReplyTimeSchema>;
export type VerificationStarted = Static<typeof VerificationStartedSchema>;
export type VerificationState = Static<typeof VerificationStateSchema>;
export type RegistrationBody = Static<typeof RegistrationBodySchema>;
export type LoginBody = Static<typeof LoginBodySchema>;
export type FeedbackBody = Static<typeof FeedbackBodySchema>;
export type FeedbackItem = Static<typeof FeedbackItemSchema>;
export type SavedCarListItem = Static<typeof SavedCarListSchema>[number];
export type SavedCar = Extract<SavedCarListItem, { removed: false }>;
export type SavedRemovedItem = Static<typeof SavedRemovedListSchema>[number];
export type SoldCarListItem = Static<typeof SoldCarListSchema>[number];
export type PriceLabel = Static<typeof PriceLabelSchema>;
export type PriceRange = Static<typeof PriceRangeSchema>;
export type PriceJudgement = Static<typeof PriceJudgementSchema>;
export type PriceHistoryEntry = Static<typeof PriceHistoryEntrySchema>;
export type StoredUserDetails = Static<typeof StoredUserDetailsSchema>;
/** The vehicle register's facts about a car (issue 40). */
export type VehicleFacts = Static<typeof VehicleFactsSchema>;
/** The facts as an ad keeps them, with the time they were read. */
export type AdVehicleFacts = Static<typeof AdVehicleFactsSchema>;

/** Bevakningar (issue 26). */
export type Watch = Static<typeof WatchSchema>;
export type WatchAd = Static<typeof WatchAdListSchema>[number];
export type WatchNewCount = Static<typeof WatchNewCountSchema>;
export type WatchUnsubscribed = Static<typeof WatchUnsubscribedSchema>;
export type OwnReport = Static<typeof OwnReportSchema>;
export type OwnHiddenCar = Static<typeof OwnHiddenCarSchema>;
export type QueueItem = Static<typeof QueueItemSchema>;
export type ModerationCar = Static<typeof ModerationCarSchema>;
export type OwnUserReport = Static<typeof OwnUserReportSchema>;
export type UserQueueItem = Static<typeof UserQueueItemSchema>;
export type OwnHiddenCarDetail = Static<typeof OwnHiddenCarDetailSchema>;
export type AuditEntry = Static<typeof AuditEntrySchema>;
export type AuditQuery = Static<typeof AuditQuerySchema>;
export type BlockState = Static<typeof BlockStateSchema>;
export type ConversationReport = Static<typeof ConversationReportSchema>;
export type FlaggedMessage = Static<typeof FlaggedMessageSchema>;
export type FlaggedMessageList = Static<typeof FlaggedMessageListSchema>;
export type OwnConversationReport = Static<typeof OwnConversationReportSchema>;

/** Messaging (MESSAGING_BASE). */
export type Message = Static<typeof MessageSchema>;
export type MessageEvent = Static<typeof MessageEventSchema>;
export type ConversationSummary = Static<typeof ConversationSummarySchema>;
export type Inbox = Static<typeof InboxSchema>;
export type Conversation = Static<typeof ConversationSchema>;
export type StartedConversation = Static<typeof StartConversationAnswerSchema>;
export type UnreadCount = Static<typeof UnreadCountSchema>;

// The life of an ad (issue 43): 'Mina annonser', renewal, the expired page and the mails' answers.
export type OwnAd = Static<typeof OwnAdSchema>;
export type Renewed = Static<typeof RenewedSchema>;
export type ExpiredCar = Static<typeof ExpiredCarSchema>;
export type StillForSaleAnswered = Static<typeof StillForSaleAnswerSchema>;
export type AdConversationCounts = Static<typeof AdConversationCountsSchema>;
