import { useEffect } from 'react';
import { startSessionRefresh } from '../utils/session.ts';

/** Mount once (the layout): refreshes the token shortly before it expires, and on load when due. */
export function useTokenRefresh(): void {
  useEffect(() => startSessionRefresh(), []);
}
