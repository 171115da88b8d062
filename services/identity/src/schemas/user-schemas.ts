// Types only describe the fields: the shared rules give the Swedish messages, so nothing is required
// here and numeric fields may be digit strings or numbers. Unknown fields pass and are ignored.
const textField = (description: string) => ({ type: 'string', description }) as const;
const digitsField = (description: string) =>
  ({ anyOf: [{ type: 'string' }, { type: 'number' }], description }) as const;

export const registrationBodySchema = {
  type: 'object',
  properties: {
    username: textField('4–30 tecken: bokstäver, siffror, punkt, bindestreck, understreck'),
    firstname: textField('2–30 tecken, inga tabbar, radbrytningar eller osynliga styrtecken'),
    lastname: textField('2–40 tecken, inga tabbar, radbrytningar eller osynliga styrtecken'),
    email: textField('4–50 tecken: ett @ med något före, en domän med punkt efter; inga mellanslag eller styrtecken'),
    password: textField('8–50 tecken'),
    street: textField('2–50 tecken, inga tabbar, radbrytningar eller osynliga styrtecken'),
    housenumber: digitsField('1–6 tecken, inga tabbar, radbrytningar eller osynliga styrtecken'),
    zipcode: digitsField('exakt 5 siffror'),
    countryCode: digitsField('1–4 siffror'),
    phone: digitsField('8–12 siffror; en inledande 0 behålls'),
    city: textField('2–50 tecken, inga tabbar, radbrytningar eller osynliga styrtecken'),
  },
} as const;

export const loginBodySchema = {
  type: 'object',
  properties: {
    email: textField('4–50 tecken med @ och .'),
    password: textField('8–50 tecken'),
  },
} as const;

export const passwordChangeBodySchema = {
  type: 'object',
  properties: {
    currentPassword: textField('det nuvarande lösenordet'),
    password: textField('det nya: 8–50 tecken, inte samma som det nuvarande'),
  },
} as const;

export const accountClosureBodySchema = {
  type: 'object',
  properties: {
    password: textField('kontots lösenord'),
  },
} as const;

export const currentUserSchema = {
  type: 'object',
  properties: {
    username: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    role: { type: 'integer', description: '1 användare, 2 moderator, 3 administratör' },
    displayName: { type: 'string' },
  },
  required: ['username', 'firstname', 'lastname', 'role', 'displayName'],
} as const;

export const publicProfileSchema = {
  type: 'object',
  properties: {
    username: { type: 'string' },
    firstname: { type: 'string' },
    memberSince: { type: 'string', format: 'date-time' },
  },
  required: ['username', 'firstname', 'memberSince'],
} as const;

export const usernameQuerySchema = {
  type: 'object',
  properties: { username: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['username'],
} as const;

export const jwksSchema = {
  type: 'object',
  properties: {
    keys: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kty: { type: 'string' },
          crv: { type: 'string' },
          x: { type: 'string' },
          kid: { type: 'string' },
          alg: { type: 'string' },
          use: { type: 'string' },
        },
        required: ['kty', 'crv', 'x', 'kid', 'alg', 'use'],
      },
    },
  },
  required: ['keys'],
} as const;

export const passwordResetRequestBodySchema = {
  type: 'object',
  properties: {
    email: textField('e-postadressen som kontot har: 4–50 tecken med @ och .'),
  },
} as const;

export const passwordResetConfirmBodySchema = {
  type: 'object',
  properties: {
    token: textField('länkens token: det som står efter #token= i länken i mejlet'),
    password: textField('det nya lösenordet: 8–50 tecken'),
  },
} as const;

export const messageSchema = {
  type: 'object',
  description: 'Ett svenskt meddelande att visa.',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;
