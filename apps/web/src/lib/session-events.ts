// Specification section 4: the session announces itself with these window events.
export const SESSION_EVENTS = {
  loggedIn: 'loggedin',
  profileSet: 'profileSet',
  loggedOut: 'loggedout',
} as const;

type SessionEventName = (typeof SESSION_EVENTS)[keyof typeof SESSION_EVENTS];

export function emitSessionEvent(name: SessionEventName, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Listens to one session event; returns the unsubscribe function. */
export function onSessionEvent(name: SessionEventName, listener: (event: CustomEvent) => void): () => void {
  const handler = (e: Event) => listener(e as CustomEvent);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}
