import { MAX_SAVED } from '@bilmarknaden/shared/constants';
import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { SERVICE_MESSAGES } from '@bilmarknaden/service-kit/service-plugin';

export const MESSAGES = {
  forbidden: 'Du får bara ändra dina egna annonser',
  /** 403: GET /feedback is for moderators and administrators. */
  feedbackForbidden: 'Bara moderatorer och administratörer kan läsa feedback',
  /** 403: marking feedback handled is for moderators and administrators. */
  feedbackHandleForbidden: 'Bara moderatorer och administratörer kan hantera feedback',
  feedbackNotFound: 'Feedbacken finns inte',
  /** 403: removing feedback is for moderators and administrators. */
  feedbackDeleteForbidden: 'Bara moderatorer och administratörer kan ta bort feedback',
  /** 400: GET /feedback?handled= takes true or false. */
  feedbackHandledFilter: 'Ange handled som true eller false',
  carNotFound: 'Annonsen finns inte',
  /** 409: a sold ad is not edited; 'Ångra' puts it back for sale first. */
  carSold: 'Annonsen är såld. Ångra försäljningen för att ändra den.',
  /** 409: the user's saved list is full (MAX_SAVED). */
  savedFull: `Du kan spara högst ${MAX_SAVED} bilar. Ta bort en sparad bil först.`,
  makeNotFound: 'Märket finns inte',
  notMultipart: 'Annonsen ska skickas som multipart/form-data',
  tooManyFields: 'För många fält i formuläret',
  badRequest: SERVICE_MESSAGES.badRequest,
} as const;

/**
 * 401 for a write by a closed account's token: it stays valid until it expires, since inventory never asks
 * identity, but `inventory.closed_sellers` names the account.
 */
export const accountClosedError = () => new DomainError('unauthorized', ACCOUNT_CLOSURE_MESSAGES.accountClosed);
