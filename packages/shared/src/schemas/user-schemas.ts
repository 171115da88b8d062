import { Type } from '@sinclair/typebox';

const text = (description: string) => Type.String({ description });

/** Registration body of `POST /user`; the shared rules (validation/registration.ts) give each field's message. */
export const RegistrationBodySchema = Type.Object({
  username: text('4–30 characters: letters, digits, dot, hyphen, underscore'),
  firstname: text('2–30 characters, no tabs, line breaks or invisible control characters'),
  lastname: text('2–40 characters, no tabs, line breaks or invisible control characters'),
  email: text('4–50 characters: an @ with something before it, a domain with a dot after it; no spaces'),
  password: text('8–50 characters'),
  street: text('2–50 characters, no tabs, line breaks or invisible control characters'),
  housenumber: text('1–6 characters, no tabs, line breaks or invisible control characters'),
  zipcode: text('Exactly 5 digits (a number is read as its digits)'),
  countryCode: text('1–4 digits'),
  phone: text('8–12 digits; a leading 0 is kept'),
  city: text('2–50 characters, no tabs, line breaks or invisible control characters'),
});

export const LoginBodySchema = Type.Object({
  email: text('4–50 characters with @ and .'),
  password: text('8–50 characters'),
});

export const PasswordChangeBodySchema = Type.Object({
  currentPassword: text('The current password'),
  password: text('The new one: 8–50 characters, not the same as the current one'),
});

export const AccountClosureBodySchema = Type.Object({ password: text("The account's password") });

export const PasswordResetRequestBodySchema = Type.Object({
  email: text("The account's email address: 4–50 characters with @ and ."),
});

export const PasswordResetConfirmBodySchema = Type.Object({
  token: text("The link's token: what follows #token= in the link of the mail"),
  password: text('The new password: 8–50 characters'),
});

/** `GET /user` (bearer). */
export const CurrentUserSchema = Type.Object({
  username: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  role: Type.Integer({ description: '1 user, 2 moderator, 3 administrator' }),
  displayName: Type.String(),
  city: Type.Optional(Type.String({ description: "The user's own registered city (prefills an ad's place)" })),
  email: Type.Optional(Type.String({ description: "The user's own email (prefills the feedback form)" })),
});

/** The user-details triple the web app keeps in local storage. */
export const StoredUserDetailsSchema = Type.Pick(CurrentUserSchema, ['username', 'firstname', 'lastname']);

/** `GET /user/username?username=`: never email, phone, address or password material. */
export const PublicProfileSchema = Type.Object({
  username: Type.String(),
  firstname: Type.String(),
  memberSince: Type.String({ format: 'date-time' }),
});

export const PublicProfileQuerySchema = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });

/** The answer of login, registration, refresh and password changes: the token (EdDSA JWT) as text/plain. */
export const TokenAnswerSchema = Type.Unsafe<string>({
  description: 'The token (EdDSA JWT) as text/plain.',
  content: { 'text/plain': { schema: { type: 'string' } } },
});

/** `/.well-known/jwks.json`: the Ed25519 key tokens are verified with. */
export const JwksSchema = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      crv: Type.String(),
      x: Type.String(),
      kid: Type.String(),
      alg: Type.String(),
      use: Type.String(),
    }),
  ),
});
