// Times without a zone, as car-fixtures: the text shown is the same in any time zone the tests run in.
// Answers of the messaging API as the contract shapes them (packages/shared/src/schemas/messaging-schemas.ts).
import type { Message } from '@bilmarknaden/shared/api-types';

export const message = (
  id: number,
  text: string,
  fromMe = false,
  sentAt = '2026-11-21T14:05:00',
  warning = false,
): Message => ({
  id,
  text,
  sentAt,
  fromMe,
  warning,
});

type CarState = 'active' | 'removed' | 'sold';

export function summary(
  id: number,
  overrides: {
    title?: string;
    photo?: string | null;
    username?: string | null;
    last?: Message;
    unread?: boolean;
    state?: CarState;
  } = {},
) {
  return {
    id,
    car: {
      id: 100 + id,
      title: overrides.title ?? `Volvo ${id}`,
      photo: overrides.photo === undefined ? `/files/${100 + id}-1-card.jpeg` : overrides.photo,
      state: overrides.state ?? 'active',
    },
    otherParty: { username: overrides.username === undefined ? 'kalle' : overrides.username },
    iAmSeller: false,
    lastMessage: overrides.last ?? message(id * 10, 'Hej! Är bilen kvar?', true),
    unread: overrides.unread ?? false,
  };
}

export function conversation(
  id: number,
  messages: Message[],
  overrides: {
    username?: string | null;
    state?: CarState;
    hasOlder?: boolean;
    blocked?: { byMe: boolean; byOther: boolean };
    iAmSeller?: boolean;
  } = {},
) {
  const s = summary(id, { username: overrides.username, state: overrides.state });
  return {
    id,
    car: s.car,
    otherParty: s.otherParty,
    iAmSeller: overrides.iAmSeller ?? false,
    blocked: overrides.blocked ?? { byMe: false, byOther: false },
    messages,
    hasOlder: overrides.hasOlder ?? false,
  };
}
