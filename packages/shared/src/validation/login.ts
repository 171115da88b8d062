import { invalidEmail, lengthOutside, type Rule } from './rules.ts';
import type { LoginBody } from '../api-types.ts';

export const loginRules: readonly Rule<LoginBody>[] = [
  { field: 'email', message: 'Ange en giltig mailadress', fails: (l) => invalidEmail(l.email) },
  { field: 'password', message: 'Lösenord måste vara minst 8 tecken', fails: (l) => lengthOutside(l.password, 8, 50) },
];

export const LOGIN_MESSAGES = {
  wrongPassword: 'Felaktigt lösenord',
  unknownUser: 'Användaren kunde inte hittas',
} as const;
