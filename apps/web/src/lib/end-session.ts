import { emitSessionEvent, SESSION_EVENTS } from './session-events.ts';
import { clearSession } from './session-store.ts';

/**
 * The stored session ends (section 4): token and user details cleared, 'loggedout' emitted, on which the layout
 * drops the user's cached queries (saved ads, the badge, the profile) and the refresh timer stops with the token.
 * In lib so that a feature can end the session ('Radera konto') without importing features/auth.
 */
export function endStoredSession(): void {
  clearSession();
  emitSessionEvent(SESSION_EVENTS.loggedOut);
}
