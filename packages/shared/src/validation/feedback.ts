import { charLength, invalidEmail, text, type Rule } from './rules.ts';
import type { FeedbackBody } from '../api-types.ts';

export const FEEDBACK_LIMITS = { nameMax: 100, titleMax: 120, contentMax: 5000 } as const;

// All four fields are required (specification section 5); the limits keep stored rows sensible, and a text over
// its limit is told so, not asked for as if it were empty.
export const feedbackRules: readonly Rule<FeedbackBody>[] = [
  { field: 'name', message: 'Ange ditt namn', fails: (f) => f.name === '' },
  {
    field: 'name',
    message: `Namnet får vara högst ${FEEDBACK_LIMITS.nameMax} tecken`,
    fails: (f) => charLength(f.name) > FEEDBACK_LIMITS.nameMax,
  },
  { field: 'email', message: 'Ange en giltig mailadress', fails: (f) => invalidEmail(f.email) },
  { field: 'title', message: 'Ange en rubrik', fails: (f) => f.title === '' },
  {
    field: 'title',
    message: `Rubriken får vara högst ${FEEDBACK_LIMITS.titleMax} tecken`,
    fails: (f) => charLength(f.title) > FEEDBACK_LIMITS.titleMax,
  },
  { field: 'content', message: 'Skriv ditt meddelande', fails: (f) => f.content === '' },
  {
    field: 'content',
    message: `Meddelandet får vara högst ${FEEDBACK_LIMITS.contentMax} tecken`,
    fails: (f) => charLength(f.content) > FEEDBACK_LIMITS.contentMax,
  },
];

export function normalizeFeedback(body: Record<string, unknown>): FeedbackBody {
  return { name: text(body.name), email: text(body.email), title: text(body.title), content: text(body.content) };
}
