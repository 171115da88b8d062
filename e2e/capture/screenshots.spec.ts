import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser, toggleSaved } from '../support/api.ts';
import { settled, VIEWPORTS } from '../support/a11y.ts';
import { jpeg } from '../support/photos.ts';
import { allRoutes } from '../support/routes.ts';
import { seedSession } from '../support/session.ts';

const out = path.resolve(import.meta.dirname, '..', 'screenshots');

for (const loggedIn of [false, true]) {
  test(`screenshots of every route ${loggedIn ? 'logged in' : 'logged out'}`, async ({ page, request }) => {
    const seller = await registerUser(request, 'shots');
    const carId = await createAd(request, seller.token, adFields(), [await jpeg('#2c3e50'), await jpeg('#8e44ad')]);
    await toggleSaved(request, seller.token, carId);
    if (loggedIn)
      await seedSession(page, seller.token, {
        username: seller.username,
        firstname: seller.firstname,
        lastname: seller.lastname,
      });
    for (const size of VIEWPORTS) {
      const dir = path.join(out, `${size.width}x${size.height}`, loggedIn ? 'inloggad' : 'utloggad');
      mkdirSync(dir, { recursive: true });
      await page.setViewportSize(size);
      for (const { name, path: route } of allRoutes({ carId, seller: seller.username }, loggedIn)) {
        await page.goto(route);
        await settled(page);
        // Lazy photos below the fold: wait until every photo in the page has loaded or failed.
        await page.evaluate(async () => {
          for (const img of Array.from(document.images)) img.loading = 'eager';
          await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
        });
        await page.screenshot({ path: path.join(dir, `${name.replace(/\s+/g, '-')}.png`), fullPage: true });
      }
    }
  });
}
