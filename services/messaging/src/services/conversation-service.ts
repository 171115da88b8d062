import { VERIFICATION_REQUIRED_MESSAGES, type Actor } from '@bilmarknaden/shared/verification';
import type { Database } from '@bilmarknaden/db/database';
import type { Conversation, Inbox, Message, StartedConversation } from '@bilmarknaden/shared/api-types';
import type { ConversationCarSchema } from '@bilmarknaden/shared/schemas/messaging-schemas';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { messageRules, normalizeMessage } from '@bilmarknaden/shared/validation/message';
import { messageFlags } from '@bilmarknaden/shared/validation/message-warnings';
import { conversationReportRules, normalizeReport } from '@bilmarknaden/shared/validation/report';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import type { Static } from '@sinclair/typebox';
import { statesByLookup, type AdLookup, type AdStates } from '../ad-lookup.ts';
import { MESSAGES, minutesText } from '../errors.ts';
import {
  conversationsRepository,
  type HourlyLimits,
  type KeptAd,
  type Limited,
  type NewMessage,
  type SendOutcome,
} from '../repositories/conversations-repository.ts';
import { reportConversation } from '../repositories/reports-repository.ts';

/** Issue #25's limits against spam, per user and hour. */
export const DEFAULT_HOURLY_LIMITS: HourlyLimits = { conversations: 20, messages: 200, reports: 10 };
/** Messages on a conversation page; older ones with `?before=`. */
export const MESSAGE_PAGE = 100;
/** Conversations on an inbox page. */
export const INBOX_PAGE = 20;

type ConversationCar = Static<typeof ConversationCarSchema>;

export interface ConversationServiceDeps {
  db: Database;
  adLookup: AdLookup;
  /** Several ads' states at once (the inbox); by default one adLookup per ad. */
  adStates?: AdStates;
  limits?: HourlyLimits;
  /** New conversations need a buyer verified with BankID (VERIFICATION_REQUIRED=message). */
  requireVerified?: boolean;
}

/** The reply time covers this many days, and is told only with this many conversations in them. */
export const REPLY_TIME_DAYS = 90;
export const REPLY_TIME_MINIMUM = 3;

const notFound = () => new DomainError('not-found', MESSAGES.conversationNotFound);

function limitedError(outcome: Limited, message: (wait: string) => string): DomainError {
  return new DomainError('too-many', message(minutesText(outcome.retryAfterSeconds)), {
    retryAfterSeconds: outcome.retryAfterSeconds,
  });
}

/** A send's outcome as the answer, or the refusal it is. */
function sent(outcome: SendOutcome) {
  switch (outcome.kind) {
    case 'sent':
      return { conversationId: outcome.conversationId, message: outcome.message };
    case 'not-found':
      throw notFound();
    case 'closed':
      throw new DomainError('unauthorized', MESSAGES.accountClosed);
    case 'blocked-by-me':
      throw new DomainError('forbidden', MESSAGES.blockedByMe);
    case 'blocked-by-other':
      throw new DomainError('forbidden', MESSAGES.blockedByOther);
    case 'other-closed':
      throw new DomainError('forbidden', MESSAGES.otherClosed);
    case 'other-blocked':
      throw new DomainError('forbidden', MESSAGES.otherBlocked);
    case 'limited':
      throw limitedError(
        outcome,
        outcome.what === 'conversations' ? MESSAGES.tooManyConversations : MESSAGES.tooManyMessages,
      );
  }
}

/** The message of a request, valid, with the warning rules it trips (issue #42). */
function newMessage(body: Record<string, unknown>): NewMessage {
  const input = normalizeMessage(body);
  refuseFailure(lastFailure(messageRules, input));
  return { text: input.text, flags: messageFlags(input.text) };
}

/**
 * Conversations between a buyer and a seller about an ad (issue #25). Only the two participants read or write
 * one: anyone else gets 404, the same as for an id that does not exist. An id that is not one (null) is unknown.
 */
export function conversationService({
  db,
  adLookup,
  adStates = statesByLookup(adLookup),
  limits = DEFAULT_HOURLY_LIMITS,
  requireVerified = false,
}: ConversationServiceDeps) {
  const conversations = conversationsRepository(db);

  /** The kept ad with its state now: 'removed' when inventory no longer shows it. */
  async function carNow(car: KeptAd): Promise<ConversationCar> {
    // Inventory unreachable (messaging alone): the kept ad is shown as it was rather than refusing the page.
    const now = await adLookup(car.carId).catch(() => ({ state: 'active' as const }));
    return { id: car.carId, title: car.title, photo: car.photo, state: now ? now.state : 'removed' };
  }

  async function member(username: string, id: number | null) {
    const me = id === null ? null : await conversations.participant(username, id);
    if (!me) throw notFound();
    return me;
  }

  return {
    /** 'Svarar oftast inom …' (issue 42): the median first reply of the last 90 days, in whole minutes. */
    async sellerReplyTime(raw: { username?: string | undefined }): Promise<{ medianMinutes: number | null }> {
      const username = raw.username?.trim() ?? '';
      if (username === '') throw new DomainError('invalid', 'Ange ett användarnamn', { field: 'username' });
      const seconds = await conversations.medianFirstReply(username, REPLY_TIME_DAYS, REPLY_TIME_MINIMUM);
      return { medianMinutes: seconds === null ? null : Math.ceil(seconds / 60) };
    },

    /** How many conversations buyers started about each of the caller's ads (inventory's 'Mina annonser'). */
    countsPerAd: (seller: string) => conversations.countsPerAd(seller),

    /** Starts the caller's conversation about an ad, or continues the one they have. */
    async start({ username, verified }: Actor, body: Record<string, unknown>): Promise<StartedConversation> {
      const message = newMessage(body);
      const carId = body.carId;
      if (typeof carId !== 'number') throw new DomainError('invalid', MESSAGES.carMissing, { field: 'carId' });
      const existing = await conversations.findOfBuyer(carId, username);
      if (existing !== null) return sent(await conversations.send(username, existing, message, limits));
      // A conversation under way goes on (above); a new one needs the verification the deployment asks for.
      if (requireVerified && !verified) throw new DomainError('forbidden', VERIFICATION_REQUIRED_MESSAGES.message);
      const ad = await adLookup(carId);
      if (!ad) throw new DomainError('not-found', MESSAGES.carNotFound, { field: 'carId' });
      if (ad.seller.toLowerCase() === username.toLowerCase()) {
        throw new DomainError('invalid', MESSAGES.ownAd, { field: 'carId' });
      }
      // A buyer already talking keeps talking (above); nobody starts about a car that is gone.
      if (ad.state === 'sold') throw new DomainError('invalid', MESSAGES.carSold, { field: 'carId' });
      const outcome = await conversations.start(
        username,
        { carId, title: ad.title, photo: ad.photo, seller: ad.seller },
        message,
        limits,
      );
      return sent(outcome);
    },

    /** Answers in a conversation. */
    async send(username: string, id: number | null, body: Record<string, unknown>): Promise<Message> {
      const message = newMessage(body);
      if (id === null) throw notFound();
      return sent(await conversations.send(username, id, message, limits)).message;
    },

    /** A page of the inbox, newest message first; `cursor` is the previous page's `nextCursor`. */
    async inbox(username: string, cursor: string | undefined): Promise<Inbox> {
      let before: number | null = null;
      if (cursor !== undefined) {
        if (!/^\d{1,15}$/.test(cursor)) throw new DomainError('invalid', MESSAGES.badCursor, { field: 'cursor' });
        before = Number(cursor);
      }
      const rows = await conversations.inbox(username, before, INBOX_PAGE + 1);
      const page = rows.slice(0, INBOX_PAGE);
      const states = page.length > 0 ? await adStates(page.map((row) => row.car.carId)) : new Map();
      const summaries = page.map((row) => ({
        id: row.conversationId,
        car: {
          id: row.car.carId,
          title: row.car.title,
          photo: row.car.photo,
          state: states.get(row.car.carId) ?? ('removed' as const),
        },
        otherParty: { username: row.otherUsername },
        iAmSeller: row.iAmSeller,
        lastMessage: row.lastMessage,
        unread: row.unread,
      }));
      const last = page.at(-1);
      return {
        conversations: summaries,
        nextCursor: rows.length > INBOX_PAGE && last ? String(last.lastMessage.id) : null,
      };
    },

    unreadCount: (username: string) => conversations.unreadCount(username),

    /** One conversation with its newest messages (before `before`, when given), oldest first. */
    async get(username: string, id: number | null, before: number | undefined): Promise<Conversation> {
      const me = await member(username, id);
      const newest = await conversations.messagesBefore(username, me.conversationId, before ?? null, MESSAGE_PAGE + 1);
      return {
        id: me.conversationId,
        car: await carNow(me.car),
        otherParty: { username: me.otherUsername },
        iAmSeller: me.iAmSeller,
        blocked: { byMe: me.blocksOther, byOther: me.blockedByOther },
        messages: newest.slice(0, MESSAGE_PAGE).reverse(),
        hasOlder: newest.length > MESSAGE_PAGE,
      };
    },

    async read(username: string, id: number | null, upTo: number): Promise<void> {
      if (id === null || !(await conversations.markRead(username, id, upTo))) throw notFound();
    },

    async block(username: string, id: number | null, blocks: boolean): Promise<void> {
      if (id === null || !(await conversations.setBlock(username, id, blocks))) throw notFound();
    },

    /** Reports the conversation to the moderators; answers the report's id. */
    async report(username: string, id: number | null, body: Record<string, unknown>): Promise<number> {
      if (id === null) throw notFound();
      const input = normalizeReport(body);
      refuseFailure(lastFailure(conversationReportRules, input));
      const outcome = await reportConversation(db, username, id, input, limits);
      switch (outcome.kind) {
        case 'reported':
          return outcome.id;
        case 'not-found':
          throw notFound();
        case 'closed':
          throw new DomainError('unauthorized', MESSAGES.accountClosed);
        case 'open':
          throw new DomainError('conflict', MESSAGES.reportOpen);
        case 'limited':
          throw limitedError(outcome, MESSAGES.tooManyReports);
      }
    },
  };
}

export type ConversationService = ReturnType<typeof conversationService>;
