import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { AdFields } from './api.ts';

// Filling the new-ad form ('Ny bilannons') the way a seller does.

const LABELS: Record<keyof AdFields, string> = {
  registrationNumber: 'Registreringsnummer',
  title: 'Rubrik',
  description: 'Beskrivning',
  price: 'Pris (kr)',
  make: 'Märke',
  model: 'Modell',
  year: 'Årsmodell',
  milage: 'Miltal (mil)',
  hp: 'Hästkrafter (hk)',
  color: 'Färg',
  type: 'Typ',
  transmission: 'Växellåda',
  drivetrain: 'Drivlina',
  fuel: 'Bränsle',
};
const SELECTS = new Set<keyof AdFields>(['make', 'model', 'color', 'type', 'transmission', 'drivetrain', 'fuel']);

export const adField = (form: Locator, key: keyof AdFields) => form.getByLabel(LABELS[key], { exact: true });

export async function fillAd(form: Locator, fields: Partial<AdFields>): Promise<void> {
  for (const [key, value] of Object.entries(fields) as [keyof AdFields, string][]) {
    const field = adField(form, key);
    if (SELECTS.has(key)) {
      await expect(field).toBeEnabled();
      await expect(field.locator('option', { hasText: new RegExp(`^${escape(value)}$`, 'i') }).first()).toBeAttached();
      await field.selectOption(value);
    } else await field.fill(value);
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const adForm = (page: Page) => page.locator('form.ad-form');
export const photoInput = (form: Locator) => form.getByLabel(/^Välj bilder/);
