// Issue 40: every new ad names its car by registration number; the register's facts are kept with it; one ad per
// car at a time; stolen cars are refused; the edit cannot change the number.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car, VehicleFacts } from '@bilmarknaden/shared/api-types';
import { REGISTRATION_NUMBER_MESSAGES } from '@bilmarknaden/shared/validation/registration-number';
import { httpVehicleRegister } from '../src/register/http-register.ts';
import {
  adFields,
  BASE,
  buildTestApp,
  countRows,
  editFields,
  insertRegisterCar,
  multipart,
  photo,
  testRegistrationNumber,
  type FilePart,
  type TestApp,
} from './inventory-helpers.ts';

let t: TestApp;
let seller: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await t.auth('sigrid');
});
afterAll(() => t.close());

const send = async (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
  auth = seller,
  app = t,
) => {
  const body = multipart(fields, files);
  const res = await app.app.inject({
    method,
    url: `${BASE}${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
const publish = (fields: Record<string, string>, files: FilePart[] = []) => send('POST', '/001/1001', fields, files);
const detail = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` })).json<Car>();
const lookup = (number: string, auth: Record<string, string> = seller) =>
  t.app.inject({ method: 'GET', url: `${BASE}/vehicle-register/${encodeURIComponent(number)}`, headers: auth });
const stored = async () => ({ rows: await countRows(t.db, 'inventory.cars'), files: t.storage.keys().length });
/** 'ZAB123' → 'zab 123': as a seller might type it. */
const typed = (n: string) => `${n.slice(0, 3).toLowerCase()} ${n.slice(3)}`;
const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3)}`;

describe('GET /vehicle-register/{number}', () => {
  it("answers the register's facts whatever the spacing and case, to a logged-in user", async () => {
    const number = await insertRegisterCar(t.db, { make: 'Saab', model: '9-5', year: 2008, color: 'grå' });
    const res = await lookup(typed(number));
    expect(res.statusCode).toBe(200);
    expect(res.json<VehicleFacts>()).toEqual({
      registrationNumber: number,
      make: 'Saab',
      model: '9-5',
      year: 2008,
      hp: 181,
      fuel: 'diesel',
      transmission: 'automat',
      type: 'kombi',
      color: 'grå',
      inTraffic: true,
      stolen: false,
      inspectedUntil: '2027-05-31',
      lastInspection: { date: '2026-05-03', milage: 12_300 },
      owners: 2,
      firstRegistered: '2016-03-14',
      equipment: [],
    });
    expect((await lookup(number, {})).statusCode).toBe(401);
  });

  it('unknown number: 404 with the message the form shows; a bad format: 400 on the field', async () => {
    const unknown = testRegistrationNumber();
    const res = await lookup(spaced(unknown));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Vi hittade inga uppgifter om ${spaced(unknown)}. Fyll i dem själv.` });
    const bad = await lookup('ABQ 123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: REGISTRATION_NUMBER_MESSAGES.invalid, field: 'registrationNumber' });
  });
});

describe('POST /001/1001 with a registration number', () => {
  it('is required and checked by the shared rule, nothing stored on refusal', async () => {
    const before = await stored();
    const { registrationNumber: _, ...withoutNumber } = adFields();
    expect(await publish(withoutNumber)).toEqual({
      status: 400,
      body: { message: REGISTRATION_NUMBER_MESSAGES.missing, field: 'registrationNumber' },
    });
    expect(await publish(adFields({ registrationNumber: 'ÅBC 123' }))).toEqual({
      status: 400,
      body: { message: REGISTRATION_NUMBER_MESSAGES.invalid, field: 'registrationNumber' },
    });
    expect(await stored()).toEqual(before);
  });

  it("stores it without the space in upper case, with the register's facts and when they were read", async () => {
    const number = await insertRegisterCar(t.db);
    const before = Date.now();
    const res = await publish(adFields({ registrationNumber: typed(number), milage: '12500' }));
    expect(res.status).toBe(201);
    const car = await detail(res.body.id);
    expect(car.registrationNumber).toBe(number);
    expect(car.vehicleFacts).toMatchObject({
      registrationNumber: number,
      inTraffic: true,
      lastInspection: { date: '2026-05-03', milage: 12_300 },
      owners: 2,
      firstRegistered: '2016-03-14',
    });
    expect(Date.parse(car.vehicleFacts!.fetchedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(car.milageWarning).toBeNull();
  });

  it("warns when the ad's mileage is lower than the register's last reading, and publishes", async () => {
    const number = await insertRegisterCar(t.db);
    const res = await publish(adFields({ registrationNumber: number, milage: '9000' }));
    expect(res.status).toBe(201);
    expect((await detail(res.body.id)).milageWarning).toEqual({ milage: 12_300, date: '2026-05-03' });
  });

  it('publishes a car the register does not know, without facts; an avställd car is shown, not refused', async () => {
    const unknown = await publish(adFields());
    expect(unknown.status).toBe(201);
    expect(await detail(unknown.body.id)).toMatchObject({ vehicleFacts: null, milageWarning: null });
    const parked = await insertRegisterCar(t.db, { inTraffic: false, inspectedUntil: null });
    const res = await publish(adFields({ registrationNumber: parked }));
    expect(res.status).toBe(201);
    expect((await detail(res.body.id)).vehicleFacts).toMatchObject({ inTraffic: false, inspectedUntil: null });
  });

  it('refuses a car reported stolen, storing nothing', async () => {
    const number = await insertRegisterCar(t.db, { stolen: true });
    const before = await stored();
    expect(await publish(adFields({ registrationNumber: number }), [{ data: await photo('jpeg') }])).toEqual({
      status: 400,
      body: { message: REGISTRATION_NUMBER_MESSAGES.stolen(number), field: 'registrationNumber' },
    });
    expect(await stored()).toEqual(before);
  });
});

describe('one ad per registration number', () => {
  it("a second ad of the number gets 409 'Det finns redan en annons för …' and nothing is stored", async () => {
    const number = testRegistrationNumber();
    expect((await publish(adFields({ registrationNumber: number }))).status).toBe(201);
    const before = await stored();
    expect(await publish(adFields({ registrationNumber: typed(number) }), [{ data: await photo('png') }])).toEqual({
      status: 409,
      body: { message: `Det finns redan en annons för ${spaced(number)}`, field: 'registrationNumber' },
    });
    expect(await stored()).toEqual(before);
  });

  it('two publishes of one number at once give one ad and one 409', async () => {
    const number = testRegistrationNumber();
    const files = [{ data: await photo('jpeg') }];
    const before = await stored();
    const answers = await Promise.all([
      publish(adFields({ registrationNumber: number }), files),
      publish(adFields({ registrationNumber: number }), files),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await countRows(t.db, 'inventory.cars', 'registration_number = $1', [number])).toBe(1);
    // The winner's row with its photo and card file; nothing of the other.
    expect(await stored()).toEqual({ rows: before.rows + 1, files: before.files + 2 });
  });

  it('a sold ad frees the number; taking the sale back then is refused with the same 409', async () => {
    const number = testRegistrationNumber();
    const first = (await publish(adFields({ registrationNumber: number }))).body.id as number;
    const sold = await t.app.inject({ method: 'PUT', url: `${BASE}/cars/${first}/sold`, headers: seller });
    expect(sold.statusCode).toBe(200);
    const second = await publish(adFields({ registrationNumber: number }));
    expect(second.status).toBe(201);
    const undo = await t.app.inject({ method: 'DELETE', url: `${BASE}/cars/${first}/sold`, headers: seller });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({
      message: `Det finns redan en annons för ${spaced(number)}`,
      field: 'registrationNumber',
    });
    expect((await detail(first)).soldAt).not.toBeNull();
  });

  it('a removed ad frees the number', async () => {
    const number = testRegistrationNumber();
    const first = (await publish(adFields({ registrationNumber: number }))).body.id as number;
    const removed = await t.app.inject({ method: 'DELETE', url: `${BASE}/cars/${first}`, headers: seller });
    expect(removed.statusCode).toBe(204);
    expect((await publish(adFields({ registrationNumber: number }))).status).toBe(201);
  });
});

describe('PUT /cars/{id} and the registration number', () => {
  it('cannot change it; repeating it in any spelling or leaving it out edits the ad', async () => {
    const number = testRegistrationNumber();
    const id = (await publish(adFields({ registrationNumber: number }))).body.id as number;
    const before = await detail(id);
    expect(
      await send(
        'PUT',
        `/cars/${id}`,
        editFields({ title: 'Ny rubrik', registrationNumber: testRegistrationNumber() }),
      ),
    ).toEqual({
      status: 400,
      body: { message: REGISTRATION_NUMBER_MESSAGES.unchangeable, field: 'registrationNumber' },
    });
    expect(await detail(id)).toEqual(before);
    expect((await send('PUT', `/cars/${id}`, editFields({ registrationNumber: typed(number) }))).status).toBe(204);
    expect((await send('PUT', `/cars/${id}`, editFields({ title: 'Utan nummer' }))).status).toBe(204);
    expect(await detail(id)).toMatchObject({ title: 'Utan nummer', registrationNumber: number });
  });
});

describe('an HTTP vehicle register', () => {
  let server: Server;
  let url: string;
  let other: TestApp;
  const KNOWN: VehicleFacts = {
    registrationNumber: 'ZZA001',
    make: 'Volvo',
    model: 'XC60',
    year: 2020,
    hp: 250,
    fuel: 'bensin',
    transmission: 'automat',
    type: 'suv',
    color: 'blå',
    inTraffic: true,
    stolen: false,
    inspectedUntil: null,
    lastInspection: null,
    owners: 1,
    firstRegistered: '2020-02-02',
  };
  beforeAll(async () => {
    // A provider on this machine's loopback: tests never reach outside.
    server = createServer((req, res) => {
      const number = req.url!.split('/').pop();
      if (number === KNOWN.registrationNumber) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(KNOWN));
      } else if (number === 'ZZA002') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"make":"Volvo"}');
      } else if (number === 'ZZA500') {
        res.writeHead(500).end();
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fordon/`;
    other = await buildTestApp({ vehicleRegister: httpVehicleRegister({ baseUrl: url }) });
  });
  afterAll(async () => {
    await other?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers its facts, null for its 404, and throws on anything else', async () => {
    const register = httpVehicleRegister({ baseUrl: url });
    expect(await register.lookup('ZZA001')).toEqual(KNOWN);
    expect(await register.lookup('ZZA404')).toBeNull();
    await expect(register.lookup('ZZA002')).rejects.toThrow(/unknown shape/);
    await expect(register.lookup('ZZA500')).rejects.toThrow(/500/);
  });

  it("serves the form's lookup, and a register that fails refuses the publish with 503, storing nothing", async () => {
    const auth = await other.auth('sigrid');
    const res = await other.app.inject({ method: 'GET', url: `${BASE}/vehicle-register/ZZA%20001`, headers: auth });
    expect(res.json()).toEqual(KNOWN);
    const before = await countRows(other.db, 'inventory.cars');
    const failed = await send('POST', '/001/1001', adFields({ registrationNumber: 'ZZA 500' }), [], auth, other);
    expect(failed).toEqual({ status: 503, body: { message: REGISTRATION_NUMBER_MESSAGES.unavailable } });
    expect(await countRows(other.db, 'inventory.cars')).toBe(before);
  });
});

describe('the OpenAPI document', () => {
  it('lists the lookup and the new fields of the ad', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${BASE}/docs/json` })).json();
    expect(doc.paths[`${BASE}/vehicle-register/{number}`].get).toBeDefined();
    const car = doc.paths[`${BASE}/001/2001`].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(car.properties)).toEqual(
      expect.arrayContaining(['registrationNumber', 'vehicleFacts', 'milageWarning']),
    );
    expect(doc.paths[`${BASE}/001/1001`].post.description).toContain('registrationNumber');
  });
});
