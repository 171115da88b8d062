import type { Rule } from './rules.ts';

/**
 * `DELETE /user` (identity): a logged-in user closes their account for good. The password is asked for, so a
 * token left on a shared computer cannot erase someone's account; wrong guesses count towards the login limit.
 */
export interface AccountClosureInput {
  password: string;
}

export const accountClosureRules: readonly Rule<AccountClosureInput>[] = [
  { field: 'password', message: 'Ange ditt lösenord för att radera kontot', fails: (p) => p.password === '' },
];

export const ACCOUNT_CLOSURE_MESSAGES = {
  /** 403: the password is not the account's. */
  wrongPassword: 'Felaktigt lösenord',
  /** 429: the login limit, which wrong passwords here count towards. */
  tooMany: 'För många felaktiga lösenord. Försök igen om en stund.',
  /** Shown on the home page after the account is gone. */
  closed: 'Ditt konto är raderat.',
  /** Inventory's 401 for a token whose account is closed (the token may live until it expires). */
  accountClosed: 'Kontot är raderat. Logga in med ett annat konto.',
} as const;

/** Passwords are compared as NFC, as at login and password change. */
export function normalizeAccountClosure(body: Record<string, unknown>): AccountClosureInput {
  return { password: typeof body.password === 'string' ? body.password.normalize('NFC') : '' };
}
