// The session hook lives in src/lib so every feature can read it without importing this feature.
export { useSession, type Session } from '../../../lib/use-session.ts';
