import type { NotificationKind } from '@bilmarknaden/shared/notifications';

/** A mail another service asks identity to send to one of its users (identity owns the addresses). */
export interface NotificationRequest {
  /** Identity sends at most one mail per key, however often it is asked: retries are harmless. */
  key: string;
  /** The recipient, by username (token `sub`). */
  username: string;
  /** Identity drops the request when the user switched this kind off in 'Aviseringar'. */
  kind: NotificationKind;
  subject: string;
  /** Plain text; links are absolute (`PUBLIC_URL`). */
  text: string;
}

/**
 * What the other services ask of identity. In the default process the calls go straight to identity's services;
 * a service running alone calls identity over HTTP.
 */
export interface IdentityClient {
  /** Resolves once identity has stored the request durably (it sends the mail later); rejects otherwise. */
  notify(request: NotificationRequest): Promise<void>;
}
