// Issue 40: a registration number typed in the search box finds its ad, with or without the space, in any case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adFields, BASE, buildTestApp, multipart, testRegistrationNumber, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
let seller: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await t.auth('sigrid');
});
afterAll(() => t.close());

const publish = async (fields: Record<string, string>) => {
  const body = multipart(fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/001/1001`,
    payload: body.payload,
    headers: { ...body.headers, ...seller },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};
/** 'ZAB123' → 'zab 123': as a buyer might type it. */
const typed = (n: string) => `${n.slice(0, 3).toLowerCase()} ${n.slice(3)}`;
const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3)}`;

describe('search by registration number', () => {
  const search = async (term: string) =>
    (await t.app.inject({ method: 'GET', url: `${BASE}/001/2003?searchterm=${encodeURIComponent(term)}` }))
      .json<{ id: number }[]>()
      .map((c) => c.id);

  it('finds the ad with or without the space, in any case; a sold ad is not listed', async () => {
    const number = testRegistrationNumber();
    const id = await publish(adFields({ registrationNumber: number, title: 'Helt vanlig bil' }));
    for (const term of [number, typed(number), spaced(number), number.toLowerCase()])
      expect(await search(term), term).toEqual([id]);
    const sold = await t.app.inject({ method: 'PUT', url: `${BASE}/cars/${id}/sold`, headers: seller });
    expect(sold.statusCode).toBe(200);
    expect(await search(number)).toEqual([]);
  });

  it("a term that is both a number and words finds both: 'BMW 320' the model too", async () => {
    const byWords = await publish(adFields({ make: 'BMW', model: '3-serie', title: 'BMW 320d Touring' }));
    const byNumber = await publish(adFields({ registrationNumber: 'BMW 320', title: 'Volvo med skyltnummer' }));
    expect((await search('bmw 320')).sort((a, b) => a - b)).toEqual([byWords, byNumber].sort((a, b) => a - b));
  });
});
