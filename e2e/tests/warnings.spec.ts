import { expect, test } from '../support/fixtures.ts';
import {
  adFields,
  createAd,
  DEMO,
  DEMO_PASSWORD,
  registerUser,
  detailsOf,
  startConversation,
  sendMessage,
} from '../support/api.ts';
import { axeViolations, settled } from '../support/a11y.ts';
import { loginAs, seedSession, skipWelcome } from '../support/session.ts';

// Warnings in conversations (issue #42): the seller answers with a phone number and a demand for payment in advance;
// the buyer sees the warning above that message with a link to the safety advice, the seller sees none, and a
// moderator finds it under 'Flaggade meddelanden' with the rules it tripped.

test('a buyer is warned above a scam-like answer and reads the safety advice; staff see it flagged', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const seller = await registerUser(request, 'varnsalj');
  const buyer = await registerUser(request, 'varnkop');
  const fields = adFields();
  const carId = await createAd(request, seller.token, fields, []);
  const conversationId = await startConversation(request, buyer, carId);
  const scam = 'Ja! Betala förskott så skickar jag den. Ring 070-123 45 67';
  await sendMessage(request, seller, conversationId, scam);
  /** A window of its own (its own session). */
  const newWindow = async () => {
    const context = await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
    const other = await context.newPage();
    await skipWelcome(other);
    return other;
  };

  await seedSession(page, buyer.token, detailsOf(buyer));
  await page.goto(`/messages/${conversationId}`);
  const messages = page.getByRole('list', { name: 'Meddelanden' }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0).getByRole('note')).toHaveCount(0);
  const warning = messages.nth(1).getByRole('note');
  await expect(warning).toContainText(
    'Håll kontakten här på Bilmarknaden. Betala aldrig i förskott för en bil du inte sett.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await warning.getByRole('link', { name: 'Läs våra säkerhetsråd' }).click();
  await expect(page).toHaveURL(/\/sakerhet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Köp och sälj tryggt' })).toBeVisible();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // The sender is not told.
  const sellerPage = await newWindow();
  await seedSession(sellerPage, seller.token, detailsOf(seller));
  await sellerPage.goto(`/messages/${conversationId}`);
  await expect(sellerPage.getByRole('list', { name: 'Meddelanden' }).getByText(scam)).toBeVisible();
  await expect(sellerPage.getByRole('list', { name: 'Meddelanden' }).getByRole('note')).toHaveCount(0);

  // The moderators' list names the rules.
  const modPage = await newWindow();
  await loginAs(modPage, request, { email: DEMO.moderator.email, password: DEMO_PASSWORD });
  await modPage.goto('/controlpanel');
  const flagged = modPage
    .getByRole('region', { name: 'Flaggade meddelanden' })
    .getByRole('article', { name: `Från @${seller.username} till @${buyer.username} om ${fields.title}` });
  await expect(flagged).toContainText('Regler: Telefonnummer, Bedrägeriord: förskott');
  await expect(flagged).toContainText(scam);
  expect(await axeViolations(modPage)).toEqual([]);
});
