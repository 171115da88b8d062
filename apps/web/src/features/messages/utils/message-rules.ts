import { charLength, type Rule } from '@bilmarknaden/shared/validation/rules';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '@bilmarknaden/shared/validation/hidden-characters';

// PROVISIONAL: replaced by packages/shared/src/validation/message.ts (messaging core) at merge; the same rules.
export const MESSAGE_MAX = 2000;

export interface MessageInput {
  text: string;
}

export const messageRules: readonly Rule<MessageInput>[] = [
  { field: 'text', message: 'Skriv ett meddelande', fails: (m) => m.text === '' },
  {
    field: 'text',
    message: `Meddelandet får vara högst ${MESSAGE_MAX} tecken`,
    fails: (m) => charLength(m.text) > MESSAGE_MAX,
  },
  {
    field: 'text',
    message: forbiddenCharactersMessage('Meddelandet', 'multi-line'),
    fails: (m) => hasForbiddenCharacters(m.text, 'multi-line'),
  },
];

/** The text as the server reads it: trimmed, NFC. */
export const normalizeMessage = (text: string): MessageInput => ({ text: text.trim().normalize('NFC') });

/** PROVISIONAL as above (validation/report.ts CONVERSATION_REPORT_REASONS): the reason is sent as written. */
export const REPORT_REASONS = ['Misstänkt bedrägeri', 'Stötande innehåll', 'Annat'] as const;
