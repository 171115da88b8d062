// The browser of the journeys: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell: the
// same engine without the full browser around it, about a quarter less CPU a journey, decision 062), else Debian's
// chromium.
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

/** The first browser found, or null. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return [HEADLESS_SHELL, CHROMIUM].find((p) => existsSync(p)) ?? null;
}
