import Personnummer from 'personnummer';
import type { Rule } from './rules.ts';

// A personnummer as BankID verifies it (issue 42). The `personnummer` package checks the date and the control
// digit; samordningsnummer are refused because BankID is issued to people with a personnummer.

export const PERSONAL_NUMBER_MESSAGES = {
  missing: 'Ange ditt personnummer',
  invalid: 'Ange ett giltigt personnummer, ÅÅÅÅMMDD-NNNN',
} as const;

/** The twelve digits 'YYYYMMDDNNNN' of a valid personnummer in any common way of writing it, else null. */
export function normalizePersonalNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const typed = value.trim();
  // The package also reads ten digits with '+' (over 100 years old); a century needs no guessing here.
  if (!/^(\d{2})?\d{6}[-+]?\d{4}$/.test(typed)) return null;
  try {
    const parsed = Personnummer.parse(typed, { allowCoordinationNumber: false, allowInterimNumber: false });
    return parsed.format(true);
  } catch {
    return null;
  }
}

export interface PersonalNumberInput {
  personalNumber: string;
}

export const personalNumberRules: readonly Rule<PersonalNumberInput>[] = [
  {
    field: 'personalNumber',
    message: PERSONAL_NUMBER_MESSAGES.invalid,
    fails: (i) => i.personalNumber.trim() !== '' && normalizePersonalNumber(i.personalNumber) === null,
  },
  { field: 'personalNumber', message: PERSONAL_NUMBER_MESSAGES.missing, fails: (i) => i.personalNumber.trim() === '' },
];
