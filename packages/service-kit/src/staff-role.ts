import { isStaffRole } from '@bilmarknaden/shared/constants';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import { DomainError } from './domain-error.ts';

/**
 * The one staff check of every service: moderators and administrators pass, anyone else is refused with 403. Called
 * by the services before their other rules, so a route never looks at a role itself.
 */
export function requireStaff(user: { role: number }, message: string = MODERATION_MESSAGES.staffOnly): void {
  if (!isStaffRole(user.role)) throw new DomainError('forbidden', message);
}
