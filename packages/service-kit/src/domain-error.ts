/** What went wrong, in the terms of the business rules; the service plugin turns each kind into its HTTP status. */
export const DOMAIN_ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  unavailable: 503,
} as const;

export type DomainErrorKind = keyof typeof DOMAIN_ERROR_STATUS;

export interface DomainErrorDetails {
  /** The input at fault, answered as `field`. */
  field?: string | undefined;
  /** When the caller may try again (`too-many`), answered as Retry-After. */
  retryAfterSeconds?: number | undefined;
}

/**
 * A refusal with a Swedish message for the user, thrown by services (which never see Fastify) and routes alike.
 * The plugin answers `{message, field?}` with the kind's status.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.status = DOMAIN_ERROR_STATUS[kind];
    this.field = details.field;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** The shared rules' failure (validation/rules.ts), when there is one, thrown as `invalid` on its field. */
export function refuseFailure(failure: { field: string; message: string } | null): void {
  if (failure) throw new DomainError('invalid', failure.message, { field: failure.field });
}
