import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';

/** Messaging's Swedish refusals. */
export const MESSAGES = {
  /** 404 for every conversation the caller takes no part in, whatever the id. */
  conversationNotFound: 'Konversationen finns inte',
  carNotFound: 'Annonsen finns inte',
  carMissing: 'Ange vilken annons meddelandet gäller',
  ownAd: 'Du kan inte skicka meddelanden om din egen annons',
  carSold: 'Bilen är såld. Du kan inte starta en ny konversation om den.',
  blockedByMe: 'Du har blockerat användaren. Häv blockeringen för att skicka meddelanden.',
  blockedByOther: 'Du kan inte skicka meddelanden i den här konversationen',
  otherClosed: 'Användaren har raderat sitt konto och kan inte få meddelanden',
  otherBlocked: 'Användaren är spärrad av Bilmarknaden och kan inte få meddelanden',
  reportOpen: 'Du har redan anmält den här konversationen',
  badCursor: 'Ogiltig sidmarkör',
  accountClosed: ACCOUNT_CLOSURE_MESSAGES.accountClosed,
  tooManyConversations: (wait: string) => `Du har startat för många konversationer. Försök igen om ${wait}.`,
  tooManyMessages: (wait: string) => `Du har skickat för många meddelanden. Försök igen om ${wait}.`,
  tooManyReports: (wait: string) => `Du har gjort för många anmälningar. Försök igen om ${wait}.`,
} as const;

/** '1 minut', '5 minuter' for a wait in seconds (rounded up to whole minutes). */
export function minutesText(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} ${n === 1 ? 'minut' : 'minuter'}`;
}
