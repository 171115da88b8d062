// One rule engine for every form and server: the checks run in the specification's order and
// the LAST failing rule's message is the one shown (specification section 5).
export interface Rule<T> {
  readonly field: keyof T & string;
  readonly message: string;
  readonly fails: (input: T) => boolean;
}

export interface RuleFailure {
  field: string;
  message: string;
}

/** Every failing rule, in the specification's order. */
export function failingRules<T>(rules: readonly Rule<T>[], input: T): RuleFailure[] {
  return rules.filter((r) => r.fails(input)).map((r) => ({ field: r.field, message: r.message }));
}

/** The failure to show: the last failing rule, or null when the input is valid. */
export function lastFailure<T>(rules: readonly Rule<T>[], input: T): RuleFailure | null {
  const failures = failingRules(rules, input);
  return failures.at(-1) ?? null;
}

/** Length in characters as people count them (code points, so 'å' and emoji count once). */
export function charLength(value: string): number {
  return Array.from(value).length;
}

export function lengthOutside(value: string, min: number, max: number): boolean {
  const n = charLength(value);
  return n < min || n > max;
}

/** Email as the specification checks it: 4 to 50 characters with an '@' and a '.' (login; email-address.ts adds more). */
export function invalidEmail(value: string): boolean {
  return lengthOutside(value, 4, 50) || !value.includes('@') || !value.includes('.');
}

/** Thousands grouped as Swedes write them: '125 000', with a space or a (narrow) no-break space. */
const GROUPED_DIGITS = /^\d{1,3}(?:[ \u00A0\u202F]\d{3})+$/;

/** A whole number written with digits only (no sign, no decimals), or grouped in thousands; NaN otherwise. */
export function parseWholeNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : NaN;
  if (typeof value !== 'string') return NaN;
  const trimmed = value.trim();
  const digits = GROUPED_DIGITS.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed;
  return /^\d{1,15}$/.test(digits) ? Number(digits) : NaN;
}

/** True unless value is a whole number within [min, max]. */
export function numberOutside(value: unknown, min: number, max: number): boolean {
  const n = parseWholeNumber(value);
  return Number.isNaN(n) || n < min || n > max;
}

/** Text value of an unknown input: strings are trimmed, anything else becomes ''. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
