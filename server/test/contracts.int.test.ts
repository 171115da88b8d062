// The köpekontrakt in the default process (issue 41, decision 055): prefilled from inventory's ad and identity's
// names, and once both signed, the ad is 'Såld' exactly once through the sale relay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { messagingMigrations } from '@bilmarknaden/messaging/migrations';
import { CONTRACT_MESSAGES } from '@bilmarknaden/messaging/services/contract-service';
import { swedishDay } from '@bilmarknaden/shared/validation/contract';
import { contractSaleRelayJob } from '../src/jobs/contract-sale-relay.ts';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { testSettings } from './helpers.ts';
import { createAd, registerUser, type TestUser } from './security/security-helpers.ts';

let database: TestDatabase;
let built: BuiltApp;

const inject = (opts: InjectOptions) => built.app.inject(opts);
const quiet = {
  info() {},
  error() {},
  warn() {},
  debug() {},
  fatal() {},
  trace() {},
  child: () => quiet,
  level: 'silent',
};

beforeAll(async () => {
  database = await createTestDatabase([identityMigrations, inventoryMigrations, messagingMigrations]);
  built = await buildApp(testSettings(), { db: database.db });
  await built.app.ready();
}, 120_000);
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

async function conversation(buyer: TestUser, carId: number): Promise<number> {
  const res = await inject({
    method: 'POST',
    url: '/api/messaging/conversations',
    headers: buyer.headers,
    payload: { carId, text: 'Ja, den finns kvar?' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().conversationId as number;
}

const terms = () => ({
  price: 95_000,
  milage: 12_345,
  handoverDate: swedishDay(),
  handoverPlace: 'Göteborg',
  payment: 'bank',
  knownDefects: 'Stenskott i vindrutan',
  keys: 2,
});

const put = (who: TestUser, id: number) =>
  inject({
    method: 'PUT',
    url: `/api/messaging/conversations/${id}/contract`,
    headers: who.headers,
    payload: { terms: terms() },
  });
const sign = (who: TestUser, id: number, version = 1) =>
  inject({
    method: 'POST',
    url: `/api/messaging/conversations/${id}/contract/signature`,
    headers: who.headers,
    payload: { version },
  });
const soldAt = async (carId: number) =>
  (await inject({ url: `/api/inventory/001/2001?carid=${carId}` })).json().soldAt as string | null;
const sales = async (carId: number) =>
  (await database.db.query('SELECT count(*)::int AS n FROM inventory.sales WHERE car_id = $1', [carId])).rows[0]!.n;

describe('a köpekontrakt in the default process', () => {
  it("is prefilled from the ad's register facts and both accounts' names", async () => {
    const seller = await registerUser(built.app, 'saljare');
    const buyer = await registerUser(built.app, 'kopare');
    const carId = await createAd(built.app, seller, 1);
    const id = await conversation(buyer, carId);
    const ad = (await inject({ url: `/api/inventory/001/2001?carid=${carId}` })).json();
    const res = await inject({ url: `/api/messaging/conversations/${id}/contract`, headers: seller.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      contract: null,
      draft: {
        car: { registrationNumber: ad.registrationNumber, make: ad.make, model: ad.model, year: ad.year },
        seller: { username: seller.username, name: 'Testa Testsson' },
        buyer: { username: buyer.username, name: 'Testa Testsson' },
        terms: { price: ad.price, milage: ad.milage },
      },
    });
    expect(ad.registrationNumber).toMatch(/^[A-Z]{3}\d{2}\w$/);
  });

  it("marks the ad 'Såld' exactly once when both have signed, and refuses other contracts for it", async () => {
    const seller = await registerUser(built.app, 'saljare');
    const buyer = await registerUser(built.app, 'kopare');
    const second = await registerUser(built.app, 'kopare');
    const carId = await createAd(built.app, seller, 1);
    const id = await conversation(buyer, carId);
    const otherId = await conversation(second, carId);

    expect((await put(seller, id)).statusCode).toBe(200);
    expect((await sign(seller, id)).statusCode).toBe(200);
    expect(await soldAt(carId)).toBeNull();
    expect((await sign(buyer, id)).statusCode).toBe(200);

    // The relay, woken by the signature, marks it sold.
    await expect.poll(() => soldAt(carId), { timeout: 30_000 }).not.toBeNull();
    const first = await soldAt(carId);
    expect(await sales(carId)).toBe(1);
    const page = await inject({ url: `/api/messaging/conversations/${id}`, headers: buyer.headers });
    expect(page.json().car.state).toBe('sold');

    // Carried again (a crash before its mark): the sale stays the first one.
    await database.db.query('UPDATE messaging.contracts SET sale_relayed_at = NULL WHERE conversation_id = $1', [id]);
    await contractSaleRelayJob(database.db, quiet as never).run({ closing: false });
    expect(await soldAt(carId)).toBe(first);
    expect(await sales(carId)).toBe(1);

    // The other buyer's conversation gets no contract for a sold car.
    const refused = await put(seller, otherId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONTRACT_MESSAGES.adSold);
  });
});
