import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** WCAG 2.1 A and AA violations as one readable line each (rule, impact, first targets). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default opens a helper page per scan, which costs
  // about a second each on this machine (the app has no iframes, so nothing is lost).
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/** The page has rendered its heading and nothing in the main area is still loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeAttached();
  await expect(page.locator('main [role="status"].spinner')).toHaveCount(0);
}

/** Horizontal overflow of the document in px (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
