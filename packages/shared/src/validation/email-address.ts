import { invalidEmail } from './rules.ts';
import { hasForbiddenCharacters } from './hidden-characters.ts';

// The specification's email rule (4 to 50 characters with an '@' and a '.') lets '@.se' and 'anna@se.' through.
// Where an address is created or mail is sent to it (registration, feedback) it must also be one that mail can
// reach. Login keeps the specification's rule alone, so an account made before this rule can always log in.

/**
 * True unless the value passes the specification's rule and is an address: exactly one '@' with something before
 * it, a domain after it made of dot-separated parts none of which is empty (so a dot, neither its first nor its
 * last character), and no spaces, control or bidi characters anywhere.
 */
export function invalidEmailAddress(value: string): boolean {
  if (invalidEmail(value) || /\s/u.test(value) || hasForbiddenCharacters(value, 'single-line')) return true;
  const parts = value.split('@');
  if (parts.length !== 2) return true;
  const [local, domain] = parts as [string, string];
  const labels = domain.split('.');
  return local === '' || labels.length < 2 || labels.some((label) => label === '');
}
