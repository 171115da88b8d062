import { newPasswordRules, type NewPassword } from './registration.ts';
import { invalidEmail, type Rule } from './rules.ts';

// 'Glömt lösenord?': a user who cannot log in asks for a link by email (POST /user/password-reset) and chooses a
// new password with it (POST /user/password-reset/confirm). ONE definition for the forms and identity.

export interface PasswordResetRequestInput {
  email: string;
}

/** The login's rule (the specification's), so every account that can log in can also ask for a link. */
export const passwordResetRequestRules: readonly Rule<PasswordResetRequestInput>[] = [
  { field: 'email', message: 'Ange en giltig mailadress', fails: (r) => invalidEmail(r.email) },
];

/** The new password twice, as at registration; the server gets it once (the form compared the two). */
export type PasswordResetInput = NewPassword;

export const passwordResetRules: readonly Rule<PasswordResetInput>[] = newPasswordRules;

/** How long a link works, and how many links one address or one account can ask for in an hour. */
export const PASSWORD_RESET_LIMITS = {
  linkMinutes: 60,
  perAccountPerHour: 3,
  perAddressPerHour: 20,
} as const;

export const PASSWORD_RESET_MESSAGES = {
  /** 202, whether or not the address has an account: the answer never tells who is registered. */
  sent: 'Om adressen hör till ett konto har vi skickat en länk för att välja ett nytt lösenord. Länken gäller i en timme.',
  /** 400 on confirm: unknown, used, replaced or expired link. */
  invalidLink: 'Länken är ogiltig eller har gått ut. Begär en ny länk.',
  /** 429 for the request. */
  tooMany: 'För många förfrågningar om nytt lösenord. Försök igen om en stund.',
  /** Shown on the home page after a new password is chosen; the user is logged in. */
  changed: 'Ditt nya lösenord är sparat och du är inloggad.',
  /** The email's subject. */
  mailSubject: 'Välj ett nytt lösenord på Bilmarknaden',
} as const;

export function normalizePasswordResetRequest(body: Record<string, unknown>): PasswordResetRequestInput {
  return { email: typeof body.email === 'string' ? body.email.trim() : '' };
}

/** Passwords are compared as NFC, as at login. */
export function normalizePasswordReset(body: Record<string, unknown>): { token: string; password: string } {
  const pick = (v: unknown) => (typeof v === 'string' ? v : '');
  return { token: pick(body.token).trim(), password: pick(body.password).normalize('NFC') };
}
