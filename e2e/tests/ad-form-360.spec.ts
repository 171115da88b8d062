import { expect, test } from '../support/fixtures.ts';
import { adFields, createAd, registerUser } from '../support/api.ts';
import { horizontalOverflow, settled } from '../support/a11y.ts';
import { seedSession } from '../support/session.ts';

// The native file input once sized the photo picker's grid column past a 360 px screen (new-ad.css).
test('the ad forms /new/car and /edit/car/{id} fit a 360 px screen without sideways scrolling', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'narrow');
  const id = await createAd(request, user.token, adFields());
  await seedSession(page, user.token, { username: user.username, firstname: user.firstname, lastname: user.lastname });
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ['/new/car', `/edit/car/${id}`]) {
    await page.goto(path);
    await settled(page);
    expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
  }
});
