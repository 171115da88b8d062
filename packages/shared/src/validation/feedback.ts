import { invalidEmail, lengthOutside, text, type Rule } from './rules.ts';
import type { FeedbackBody } from '../api-types.ts';

export const FEEDBACK_LIMITS = { nameMax: 100, titleMax: 120, contentMax: 5000 } as const;

// All four fields are required (specification section 5); the limits keep stored rows sensible.
export const feedbackRules: readonly Rule<FeedbackBody>[] = [
  { field: 'name', message: 'Ange ditt namn', fails: (f) => lengthOutside(f.name, 1, FEEDBACK_LIMITS.nameMax) },
  { field: 'email', message: 'Ange en giltig mailadress', fails: (f) => invalidEmail(f.email) },
  { field: 'title', message: 'Ange en rubrik', fails: (f) => lengthOutside(f.title, 1, FEEDBACK_LIMITS.titleMax) },
  {
    field: 'content',
    message: 'Skriv ditt meddelande',
    fails: (f) => lengthOutside(f.content, 1, FEEDBACK_LIMITS.contentMax),
  },
];

export function normalizeFeedback(body: Record<string, unknown>): FeedbackBody {
  return { name: text(body.name), email: text(body.email), title: text(body.title), content: text(body.content) };
}
