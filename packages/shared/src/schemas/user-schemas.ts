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
  verified: Type.Optional(
    Type.Object(
      {
        name: Type.String({ description: 'The name as BankID gave it' }),
        at: Type.String({ format: 'date-time' }),
      },
      { description: 'Present once the user has verified with BankID (issue 42); never the personnummer' },
    ),
  ),
});

/** The user-details triple the web app keeps in local storage. */
export const StoredUserDetailsSchema = Type.Pick(CurrentUserSchema, ['username', 'firstname', 'lastname']);

/** `GET /user/username?username=`: never email, phone, address or password material. */
export const PublicProfileSchema = Type.Object({
  username: Type.String(),
  firstname: Type.String(),
  memberSince: Type.String({ format: 'date-time' }),
  verified: Type.Boolean({ description: "'Verifierad med BankID'" }),
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

/** `POST /user/verification`: starts a BankID verification of the caller (issue 42). */
export const VerificationStartBodySchema = Type.Object({
  personalNumber: text('Personnummer ÅÅÅÅMMDD-NNNN (also without the century or the hyphen); never stored or logged'),
});

/** A started verification: the app is opened with the start token, or the QR code of the next poll is scanned. */
export const VerificationStartedSchema = Type.Object({
  orderRef: Type.String(),
  autoStartToken: Type.String({ description: 'For bankid:///?autostarttoken=…&redirect=null on the same device' }),
});

/** `GET /user/verification/{orderRef}`: poll about every two seconds until complete or failed. */
export const VerificationStateSchema = Type.Union([
  Type.Object({
    status: Type.Literal('pending'),
    hint: Type.Union([Type.Literal('outstanding'), Type.Literal('started'), Type.Literal('user-sign')]),
    qr: Type.String({ description: "The QR code's content for this second (animated QR)" }),
  }),
  Type.Object({
    status: Type.Literal('complete'),
    name: Type.String(),
    token: Type.String({ description: 'A new token that carries the verification' }),
  }),
  Type.Object({
    status: Type.Literal('failed'),
    reason: Type.Union([Type.Literal('cancelled'), Type.Literal('expired'), Type.Literal('refused')]),
    message: Type.String({ description: 'What the user is told, in Swedish' }),
  }),
]);

export const VerificationOrderParamsSchema = Type.Object({
  orderRef: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' }),
});

/** `GET /api/inventory/sellers/summary?username=`: the seller box's counts (issue 42). */
export const SellerSummarySchema = Type.Object({
  forSale: Type.Integer({ minimum: 0 }),
  sold: Type.Integer({ minimum: 0 }),
});

/** `GET /api/messaging/sellers/reply-time?username=`: the median first reply of the last 90 days, in minutes. */
export const SellerReplyTimeSchema = Type.Object({
  medianMinutes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'null with fewer than 3 conversations, or when most go unanswered',
  }),
});

export const UsernameQuerySchema = Type.Object({ username: Type.Optional(Type.String({ maxLength: 100 })) });
