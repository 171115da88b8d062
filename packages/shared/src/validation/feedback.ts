import { charLength, text, type Rule } from './rules.ts';
import { invalidEmailAddress } from './email-address.ts';
import type { FeedbackBody } from '../api-types.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './hidden-characters.ts';

export const FEEDBACK_LIMITS = { nameMax: 100, titleMax: 120, contentMax: 5000 } as const;

// All four fields are required (specification section 5); the limits keep stored rows sensible, and a text over
// its limit is told so, not asked for as if it were empty. No control or bidi characters, as in ads (a moderator
// reads these).
export const feedbackRules: readonly Rule<FeedbackBody>[] = [
  { field: 'name', message: 'Ange ditt namn', fails: (f) => f.name === '' },
  {
    field: 'name',
    message: `Namnet får vara högst ${FEEDBACK_LIMITS.nameMax} tecken`,
    fails: (f) => charLength(f.name) > FEEDBACK_LIMITS.nameMax,
  },
  {
    field: 'name',
    message: forbiddenCharactersMessage('Namnet', 'single-line'),
    fails: (f) => hasForbiddenCharacters(f.name, 'single-line'),
  },
  {
    field: 'email',
    message: 'Ange en giltig mailadress',
    fails: (f) => invalidEmailAddress(f.email),
  },
  { field: 'title', message: 'Ange en rubrik', fails: (f) => f.title === '' },
  {
    field: 'title',
    message: `Rubriken får vara högst ${FEEDBACK_LIMITS.titleMax} tecken`,
    fails: (f) => charLength(f.title) > FEEDBACK_LIMITS.titleMax,
  },
  {
    field: 'title',
    message: forbiddenCharactersMessage('Rubriken', 'single-line'),
    fails: (f) => hasForbiddenCharacters(f.title, 'single-line'),
  },
  { field: 'content', message: 'Skriv ditt meddelande', fails: (f) => f.content === '' },
  {
    field: 'content',
    message: `Meddelandet får vara högst ${FEEDBACK_LIMITS.contentMax} tecken`,
    fails: (f) => charLength(f.content) > FEEDBACK_LIMITS.contentMax,
  },
  {
    field: 'content',
    message: forbiddenCharactersMessage('Meddelandet', 'multi-line'),
    fails: (f) => hasForbiddenCharacters(f.content, 'multi-line'),
  },
];

export function normalizeFeedback(body: Record<string, unknown>): FeedbackBody {
  return { name: text(body.name), email: text(body.email), title: text(body.title), content: text(body.content) };
}
