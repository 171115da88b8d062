import { MAX_SAVED } from '@bilmarknaden/shared/constants';
import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';

/** An answer the client caused: status 4xx with a Swedish message and, where there is one, the field. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  unauthorized: 'Du måste logga in',
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
  /** 409: the user's saved list is full (MAX_SAVED). */
  savedFull: `Du kan spara högst ${MAX_SAVED} bilar. Ta bort en sparad bil först.`,
  makeNotFound: 'Märket finns inte',
  notFound: 'Sidan finns inte',
  badRequest: 'Ogiltig förfrågan',
  badJson: 'Ogiltig JSON i förfrågan',
  bodyTooLarge: 'Förfrågan är för stor',
  unsupportedMediaType: 'Formatet stöds inte',
  notMultipart: 'Annonsen ska skickas som multipart/form-data',
  tooManyFields: 'För många fält i formuläret',
  unknownFileField: 'Bilder ska skickas i fälten images[0] till images[7]',
  tooManyRequests: 'För många förfrågningar. Försök igen lite senare.',
  internal: 'Något gick fel. Försök igen senare.',
  unavailable: 'Tjänsten är tillfälligt otillgänglig. Försök igen senare.',
} as const;

/**
 * 401 for a write by a closed account's token: it stays valid until it expires, since inventory never asks
 * identity, but `inventory.closed_sellers` names the account.
 */
export const accountClosedError = () =>
  new HttpError(401, ACCOUNT_CLOSURE_MESSAGES.accountClosed, undefined, { 'www-authenticate': 'Bearer' });
