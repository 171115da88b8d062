import { newPasswordRules, type NewPassword } from './registration.ts';
import type { Rule } from './rules.ts';

/** `PUT /user/password`: the current password, and the new one twice (the server gets it once). */
export interface PasswordChangeInput extends NewPassword {
  currentPassword: string;
}

/** In order; the last failing rule is the one shown, as in the other forms. */
export const passwordChangeRules: readonly Rule<PasswordChangeInput>[] = [
  { field: 'currentPassword', message: 'Ange ditt nuvarande lösenord', fails: (p) => p.currentPassword === '' },
  ...newPasswordRules,
  {
    field: 'password',
    message: 'Det nya lösenordet måste skilja sig från det nuvarande',
    fails: (p) => p.password !== '' && p.password === p.currentPassword,
  },
];

export const PASSWORD_CHANGE_MESSAGES = {
  /** 403: the current password is not the account's. */
  wrongPassword: 'Felaktigt lösenord',
  /** 429: the login limit, which wrong current passwords count towards. */
  tooMany: 'För många felaktiga lösenord. Försök igen om en stund.',
  changed: 'Lösenordet är bytt.',
} as const;

/** Passwords are compared as NFC, so 'å' typed as a + ring is the same password. */
export function normalizePasswordChange(body: Record<string, unknown>): { currentPassword: string; password: string } {
  const pick = (v: unknown) => (typeof v === 'string' ? v.normalize('NFC') : '');
  return { currentPassword: pick(body.currentPassword), password: pick(body.password) };
}
