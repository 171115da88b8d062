import { lengthOutside, charLength, text, type Rule } from './rules.ts';
import { invalidEmailAddress } from './email-address.ts';
import type { RegistrationBody } from '../api-types.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './hidden-characters.ts';

export interface RegistrationInput extends RegistrationBody {
  /** The repeated password of the form; the server passes the password itself. */
  passwordRepeat: string;
}

export const PASSWORD_MIN = 8; // DESIGN.md: registration uses the login minimum too.
export const PASSWORD_MAX = 50;
const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;
/** A new password and its repetition: the rules of registration, and of a password change. */
export interface NewPassword {
  password: string;
  passwordRepeat: string;
}

export const newPasswordRules: readonly Rule<NewPassword>[] = [
  { field: 'password', message: 'För kort lösenord', fails: (u) => charLength(u.password) < PASSWORD_MIN },
  { field: 'password', message: 'För långt lösenord', fails: (u) => charLength(u.password) > PASSWORD_MAX },
  { field: 'password', message: 'Lösenorden matchar inte', fails: (u) => u.password !== u.passwordRepeat },
];

const digits = (min: number, max: number) => (v: string) => !/^\d+$/.test(v) || lengthOutside(v, min, max);

/** A text shown next to the user's ads and on their profile may not show as another text (U+202E reverses it). */
const plainText = (field: 'firstname' | 'lastname' | 'street' | 'city' | 'housenumber', subject: string) =>
  ({
    field,
    message: forbiddenCharactersMessage(subject, 'single-line'),
    fails: (u) => hasForbiddenCharacters(u[field], 'single-line'),
  }) satisfies Rule<RegistrationInput>;

// The specification's rules in its order; each text field's refusal of control and bidi characters follows its
// length rule, so it is the message shown when both fail. The username pattern already refuses them.
export const registrationRules: readonly Rule<RegistrationInput>[] = [
  {
    field: 'username',
    message: 'Användarnamnet får bara innehålla bokstäver, siffror, punkt, bindestreck och understreck',
    fails: (u) => u.username !== '' && !USERNAME_PATTERN.test(u.username),
  },
  { field: 'username', message: 'För kort användarnamn', fails: (u) => charLength(u.username) < 4 },
  { field: 'username', message: 'För långt användarnamn', fails: (u) => charLength(u.username) > 30 },
  { field: 'firstname', message: 'Ange ett giltigt förnamn', fails: (u) => lengthOutside(u.firstname, 2, 30) },
  plainText('firstname', 'Förnamnet'),
  { field: 'lastname', message: 'Ange ett giltigt efternamn', fails: (u) => lengthOutside(u.lastname, 2, 40) },
  plainText('lastname', 'Efternamnet'),
  { field: 'email', message: 'Ange en giltig mailadress', fails: (u) => invalidEmailAddress(u.email) },
  ...newPasswordRules,
  { field: 'street', message: 'Ange ett giltigt gatunamn', fails: (u) => lengthOutside(u.street, 2, 50) },
  plainText('street', 'Gatunamnet'),
  { field: 'city', message: 'Ange en giltig stad', fails: (u) => lengthOutside(u.city, 2, 50) },
  plainText('city', 'Stadens namn'),
  { field: 'housenumber', message: 'Ange ett giltigt husnummer', fails: (u) => lengthOutside(u.housenumber, 1, 6) },
  plainText('housenumber', 'Husnumret'),
  { field: 'zipcode', message: 'Ange ett giltigt postnummer', fails: (u) => digits(5, 5)(u.zipcode) },
  { field: 'countryCode', message: 'Ange en giltig landskod', fails: (u) => digits(1, 4)(u.countryCode) },
  { field: 'phone', message: 'Ange ett giltigt telefonnummer', fails: (u) => digits(8, 12)(u.phone) },
];

/** Answers of the server that the form shows as they are. */
export const REGISTRATION_MESSAGES = {
  /** 429: the registration rate limit of the client's address. */
  tooMany: 'För många nya konton från den här adressen. Försök igen om en stund.',
} as const;

/** Spaces, dashes and a leading '+' are typing aids in numeric fields, not part of the value. */
export function digitsOnly(value: unknown): string {
  return text(value).replace(/[\s-]/g, '').replace(/^\+/, '');
}

/**
 * Normalises an untrusted registration body: text trimmed (not the password), numeric fields as
 * digit strings (a phone number keeps its leading 0), unknown fields dropped.
 */
export function normalizeRegistration(body: Record<string, unknown>): RegistrationBody {
  return {
    username: text(body.username),
    firstname: text(body.firstname),
    lastname: text(body.lastname),
    email: text(body.email),
    password: typeof body.password === 'string' ? body.password : '',
    street: text(body.street),
    housenumber: text(typeof body.housenumber === 'number' ? String(body.housenumber) : body.housenumber),
    zipcode: digitsOnly(typeof body.zipcode === 'number' ? String(body.zipcode) : body.zipcode),
    countryCode: digitsOnly(typeof body.countryCode === 'number' ? String(body.countryCode) : body.countryCode),
    phone: digitsOnly(body.phone),
    city: text(body.city),
  };
}
