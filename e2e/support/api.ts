import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { NewAdInput } from '@bilmarknaden/shared/validation/new-ad';
import { orgNumberWithCheckDigit } from '@bilmarknaden/shared/validation/dealer';
import {
  registrationNumberAt,
  TEST_REGISTRATION_NUMBERS_FROM,
  type RegistrationNumberInput,
} from '@bilmarknaden/shared/validation/registration-number';

// Setup and server-side checks through the real API: each test writes its own, uniquely named data.

export const DEMO_PASSWORD = 'Bilmarknaden1';
export const DEMO = {
  anna: { email: 'anna@demo.bilmarknaden.se', username: 'anna.svensson' },
  moderator: { email: 'moderator@demo.bilmarknaden.se', username: 'moderator' },
  admin: { email: 'admin@demo.bilmarknaden.se', username: 'admin' },
} as const;

const ID = '/api/identity';
const INV = '/api/inventory';

let counter = 0;
/** A short unique name (letters and digits only), e.g. 'e2e' → 'e2emf3k2x1a'. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

export interface TestUser {
  username: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  token: string;
}

/** What the web app keeps of a logged-in user (seedSession). */
export const detailsOf = (u: TestUser) => ({ username: u.username, firstname: u.firstname, lastname: u.lastname });

export function newUserFields(prefix = 'e2e') {
  const username = unique(prefix);
  return {
    username,
    firstname: 'Test',
    lastname: 'Testsson',
    email: `${username}@example.se`,
    password: 'Hemligt123',
    street: 'Storgatan',
    housenumber: '12',
    zipcode: '11122',
    city: 'Stockholm',
    countryCode: '46',
    phone: '0701234567',
  };
}

/** POST /user: a fresh account; answers its credentials and token. */
export async function registerUser(request: APIRequestContext, prefix = 'e2e'): Promise<TestUser> {
  const body = newUserFields(prefix);
  const res = await request.post(`${ID}/user`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
  const token = (await res.text()).trim();
  return { ...body, token };
}

/** POST /user/login: the token. */
export async function login(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post(`${ID}/user/login`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.text()).trim();
}

export async function currentUser(request: APIRequestContext, token: string) {
  const res = await request.get(`${ID}/user`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { username: string; firstname: string; lastname: string; role: number };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// The new-ad form's fields as typed (one definition, in the shared package); the place is chosen in its combobox.
export type AdFields = Omit<NewAdInput, 'kommun' | 'equipment'> & RegistrationNumberInput;

// Every ad needs a number no other ad for sale has: from the range the demo data never uses (Z…), from a start of
// this worker's own, so a worker started again after a failure does not meet the earlier one's numbers.
let plate = (process.pid * 7919 + Math.floor(Date.now() / 1000)) % 400_000;
/** A registration number no other ad of the run has, as a seller types it: 'ZAB 123'. */
export function uniqueRegistrationNumber(): string {
  const n = registrationNumberAt(TEST_REGISTRATION_NUMBERS_FROM + plate++);
  return `${n.slice(0, 3)} ${n.slice(3)}`;
}

export function adFields(overrides: Partial<AdFields> = {}): AdFields {
  return {
    registrationNumber: uniqueRegistrationNumber(),
    title: unique('Volvo V70 '),
    description: 'Välskött bil med servicebok.',
    price: '125000',
    make: 'Volvo',
    model: 'V70',
    year: '2015',
    milage: '12000',
    hp: '150',
    color: 'röd',
    type: 'kombi',
    transmission: 'manuell',
    drivetrain: 'awd',
    fuel: 'diesel',
    ...overrides,
  };
}

/** POST /001/1001 (multipart): the new ad's id. */
export async function createAd(
  request: APIRequestContext,
  token: string,
  fields: AdFields,
  photos: Buffer[] = [],
): Promise<number> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { ...fields };
  photos.forEach((buffer, i) => (multipart[`images[${i}]`] = { name: `${i + 1}.jpg`, mimeType: 'image/jpeg', buffer }));
  const res = await request.post(`${INV}/001/1001`, { headers: bearer(token), multipart });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const MSG = '/api/messaging';

/** POST /conversations: the buyer asks about the ad; the conversation's id. */
export async function startConversation(
  request: APIRequestContext,
  buyer: TestUser,
  carId: number,
  text = 'Hej! Finns bilen kvar?',
): Promise<number> {
  const res = await request.post(`${MSG}/conversations`, { headers: bearer(buyer.token), data: { carId, text } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { conversationId: number }).conversationId;
}

/** POST a message in a conversation as one of its parties. */
export async function sendMessage(
  request: APIRequestContext,
  sender: TestUser,
  conversationId: number,
  text: string,
): Promise<void> {
  const res = await request.post(`${MSG}/conversations/${conversationId}/messages`, {
    headers: bearer(sender.token),
    data: { text },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export interface CarJson extends Record<string, unknown> {
  id: number;
  title: string;
  description: string;
  price: number;
  make: string;
  model: string;
  year: number;
  milage: number;
  hp: number;
  user: string;
  imageCount: number;
  imageVersion: number;
  kommun: string | null;
}

/** GET /001/2001?carid=: the ad, or null when the server answers 404. */
export async function getCar(request: APIRequestContext, id: number): Promise<CarJson | null> {
  const res = await request.get(`${INV}/001/2001?carid=${id}`);
  if (res.status() === 404) return null;
  expect(res.status()).toBe(200);
  return (await res.json()) as CarJson;
}

/** GET /001/2003 with a query: the list. */
export async function listCars(request: APIRequestContext, query: Record<string, string | number>) {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await request.get(`${INV}/001/2003?${q}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as CarJson[];
}

export async function userCars(request: APIRequestContext, username: string) {
  const res = await request.get(`${INV}/001/2002?username=${encodeURIComponent(username)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as CarJson[];
}

/** GET /001/3002: ids of the user's saved ads. */
export async function savedIds(request: APIRequestContext, token: string): Promise<number[]> {
  const res = await request.get(`${INV}/001/3002`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as CarJson[]).map((c) => c.id);
}

export async function toggleSaved(request: APIRequestContext, token: string, id: number): Promise<boolean> {
  const res = await request.post(`${INV}/001/3001?carid=${id}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { saved: boolean }).saved;
}

export async function makes(request: APIRequestContext): Promise<string[]> {
  const res = await request.get(`${INV}/002/2001`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { name: string }[]).map((m) => m.name);
}

let orgCounter = 0;
/**
 * A valid organisationsnummer of its own (a Luhn check digit), so no run or test meets a taken one. Its third digit
 * is 2 or more, as every organisation's is ('556…' is an aktiebolag).
 */
export function uniqueOrgNumber(): string {
  const nine = `556${String(Date.now() + orgCounter++).slice(-6)}`;
  return orgNumberWithCheckDigit(nine);
}

/** An approved dealer (issue 45): a new owner applies and the demo moderator approves, both through the API. */
export async function approvedDealer(
  request: APIRequestContext,
  name: string,
): Promise<{ owner: TestUser; slug: string; name: string }> {
  const owner = await registerUser(request, 'dealer');
  const applied = await request.post(`${ID}/dealer/application`, {
    headers: bearer(owner.token),
    data: {
      orgNumber: uniqueOrgNumber(),
      name,
      street: 'Hamngatan 3',
      postalCode: '411 06',
      city: 'Göteborg',
      kommun: '1480',
      phone: '031-100 00',
      openingHours: [{ days: 'Mån–fre', hours: '9–18' }],
      presentation: 'Begagnade bilar med garanti.',
    },
  });
  if (!applied.ok()) throw new Error(`dealer application: ${applied.status()} ${await applied.text()}`);
  const dealer = (await applied.json()) as { id: number; slug: string };
  const staff = await login(request, DEMO.moderator.email, DEMO_PASSWORD);
  const approved = await request.post(`${ID}/dealer-applications/${dealer.id}/approval`, { headers: bearer(staff) });
  if (!approved.ok()) throw new Error(`dealer approval: ${approved.status()} ${await approved.text()}`);
  return { owner, slug: dealer.slug, name };
}
