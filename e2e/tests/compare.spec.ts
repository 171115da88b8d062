import { expect, test } from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { adFields, createAd, registerUser } from '../support/api.ts';

// 'Jämför' (issue 44): a buyer picks cars from the list and from an ad page, a fourth is refused, and /jamfor shows
// the three side by side with their differences marked.

test('compare cars: two from cards, one from an ad page, a fourth refused, then side by side', async ({
  page,
  request,
}) => {
  // The two newest ads, which differ at least in price and year (other journeys' ads may be alike).
  const seller = await registerUser(request, 'jamfor');
  await createAd(request, seller.token, adFields({ price: '111000', year: '2012' }), []);
  await createAd(request, seller.token, adFields({ price: '222000', year: '2019' }), []);
  await page.goto('/');
  const cards = page.getByRole('list', { name: 'Bilannonser' }).getByRole('article');
  const toggle = (n: number) => cards.nth(n).getByRole('button', { name: /^Jämför / });
  await toggle(0).click();
  await toggle(1).click();
  await expect(toggle(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(1)).toHaveAttribute('aria-pressed', 'true');
  const bar = page.getByRole('complementary', { name: 'Jämförelse' });
  await expect(bar.getByRole('link', { name: 'Jämför (2)' })).toBeVisible();

  // The third from its ad page.
  const third = (await cards.nth(2).getByRole('heading').textContent())!;
  await cards.nth(2).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(third);
  const onAd = page.getByRole('button', { name: 'Jämför', exact: true });
  await onAd.click();
  await expect(onAd).toHaveAttribute('aria-pressed', 'true');

  // A fourth is refused; the three stay.
  await page.goBack();
  await toggle(3).click();
  await expect(cards.nth(3).getByRole('alert')).toHaveText(/Du kan jämföra högst 3 bilar\. Ta bort en först\./);
  await expect(toggle(3)).toHaveAttribute('aria-pressed', 'false');

  await bar.getByRole('link', { name: 'Jämför (3)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jämför bilar');
  const table = page.getByRole('table', { name: 'Jämförelse av 3 bilar' });
  await expect(table.getByRole('columnheader').getByRole('link')).toHaveCount(3);
  await expect(table.getByRole('columnheader').getByRole('link').nth(2)).toHaveText(third);
  await expect(table.getByRole('rowheader', { name: /^Pris( skiljer sig)?$/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /skiljer sig$/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await table
    .getByRole('button', { name: /^Ta bort / })
    .first()
    .click();
  await expect(page.getByRole('table', { name: 'Jämförelse av 2 bilar' }).getByRole('columnheader')).toHaveCount(2);
});
