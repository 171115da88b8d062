import { charLength, text, type Rule } from './rules.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters, hasVisibleCharacter } from './hidden-characters.ts';

/** A message between buyer and seller: 1–2000 characters after trimming (issue #25). */
export const MESSAGE_LIMITS = { textMax: 2000 } as const;

export interface MessageInput {
  text: string;
}

// ONE rule for the composer and the messaging service. Line breaks are kept (a message is multi-line text);
// control and bidi characters are refused as in descriptions, so a message shows as the text it is.
export const messageRules: readonly Rule<MessageInput>[] = [
  // Only invisible characters (zero-width spaces, fillers) is no message either: it would look empty.
  { field: 'text', message: 'Skriv ett meddelande', fails: (m) => !hasVisibleCharacter(m.text) },
  {
    field: 'text',
    message: `Meddelandet får vara högst ${MESSAGE_LIMITS.textMax} tecken`,
    fails: (m) => charLength(m.text) > MESSAGE_LIMITS.textMax,
  },
  {
    field: 'text',
    message: forbiddenCharactersMessage('Meddelandet', 'multi-line'),
    fails: (m) => hasForbiddenCharacters(m.text, 'multi-line'),
  },
];

/** The message as the rules and the store see it: trimmed text ('' for anything that is not text). */
export function normalizeMessage(body: Record<string, unknown>): MessageInput {
  return { text: text(body.text) };
}
