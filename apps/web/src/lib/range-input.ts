import { newAdRules, normalizeNewAd, type NewAdInput } from '@bilmarknaden/shared/validation/new-ad';
import { parseWholeNumber } from '@bilmarknaden/shared/validation/rules';

// A typed filter bound (price, year, mileage) is read by the new ad's own rule for that value, so a filter
// accepts what an ad can have and refuses the rest with the same Swedish message ('Ange ett giltigt pris').

export type BoundKind = 'price' | 'year' | 'milage';

export type BoundReading = { ok: true; value: number | undefined } | { ok: false; message: string };

function ruleOf(field: keyof NewAdInput) {
  const rule = newAdRules.find((r) => r.field === field);
  if (!rule) throw new Error(`No new-ad rule for ${field}`);
  return rule;
}

const RULES = { price: ruleOf('price'), year: ruleOf('year'), milage: ruleOf('milage') } as const;

/** An empty text is no bound; anything else must pass the ad's rule, else its message. */
export function readBound(kind: BoundKind, text: string): BoundReading {
  if (text.trim() === '') return { ok: true, value: undefined };
  const rule = RULES[kind];
  if (rule.fails(normalizeNewAd({ [kind]: text }))) return { ok: false, message: rule.message };
  return { ok: true, value: parseWholeNumber(text) };
}
