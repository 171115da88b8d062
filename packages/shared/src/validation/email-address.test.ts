import { describe, expect, it } from 'vitest';
import { invalidEmailAddress } from './email-address.ts';
import { invalidEmail } from './rules.ts';

describe('invalidEmailAddress (registration and feedback)', () => {
  it.each([
    'anna@example.se',
    'anna.svensson+bil@example.co.uk',
    'a@b.se',
    'a_b-c@sub.domain.example',
    'åsa@bilmarknad.se',
    'anna@åre.se',
    `${'e'.repeat(39)}@example.se`,
  ])('accepts %s', (value) => {
    expect(invalidEmailAddress(value)).toBe(false);
  });

  // The specification's own cases still refused: under 4 or over 50 characters, no '@', no '.'.
  it.each(['a@b', 'anna.example.se', 'anna@examplese', `${'e'.repeat(40)}@example.se`, ''])(
    "refuses %j as the specification's rule does",
    (value) => {
      expect(invalidEmailAddress(value)).toBe(true);
    },
  );

  it.each([
    ['@.se', 'nothing before the @, a dot first in the domain'],
    ['a@.se', 'a dot first in the domain'],
    ['.@se', 'no dot in the domain'],
    ['anna@se.', 'a dot last in the domain'],
    ['@example.se', 'nothing before the @'],
    ['anna@', 'no domain'],
    ['anna@@example.se', 'two @'],
    ['anna@bil@example.se', 'two @'],
    ['anna@example..se', 'an empty part of the domain'],
    ['anna svensson@example.se', 'a space'],
    ['anna@example.se ', 'a trailing space (trimmed before the rule by the servers)'],
    ['anna@exam\u00A0ple.se', 'a no-break space'],
    ['anna@example.se\t', 'a tab'],
    ['anna\n@example.se', 'a line break'],
    ['anna\u0000@example.se', 'NUL'],
    ['anna\u202E@example.se', 'a bidi override'],
    ['anna\u200E@example.se', 'a bidi mark'],
  ])('refuses %j: %s', (value) => {
    expect(invalidEmailAddress(value)).toBe(true);
  });

  it("leaves the specification's rule as it was, for login", () => {
    for (const value of ['@.se', 'a@.se', '.@se', 'anna@se.', 'anna@example.se'])
      expect(invalidEmail(value)).toBe(false);
  });
});
