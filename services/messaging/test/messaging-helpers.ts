// Test helpers of the messaging integration tests: the plugin on a fresh database, tokens signed as identity signs
// them, and ads in a stand-in for inventory (the AdLookup dependency; the default process's tests use the real one).
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import {
  createTokenVerifier,
  DEFAULT_TOKEN_SETTINGS,
  TOKEN_ALGORITHM,
  type TokenVerifier,
} from '@bilmarknaden/shared/auth/token';
import { MESSAGING_BASE, messagingPaths } from '@bilmarknaden/shared/api-paths';
import type { AdSnapshot } from '../src/ad-lookup.ts';
import { messagingApp, type MessagingOptions } from '../src/app.ts';
import { messagingMigrations } from '../src/migrations.ts';

export const BASE = MESSAGING_BASE;
export const url = (path: string) => `${BASE}${path}`;

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The ads inventory would show now, by id: delete one to "remove" the ad. */
  ads: Map<number, AdSnapshot>;
  /** Adds a visible ad of `seller`; answers its id. */
  addAd(seller: string, fields?: Partial<AdSnapshot>): number;
  /** `{ authorization: 'Bearer …' }` for a user (role 1, or 2 for a moderator, 3 an administrator). */
  auth(username: string, role?: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

let adIds = 1000;

/**
 * A migrated database and the messaging plugin under its base path; `wrapVerifier` puts a check of the test's own
 * (the revocation list) after the signature check.
 */
export async function buildTestApp(
  options: Partial<MessagingOptions> = {},
  wrapVerifier: (verify: TokenVerifier) => TokenVerifier = (verify) => verify,
): Promise<TestApp> {
  const { db, dispose } = await createTestDatabase([messagingMigrations]);
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const sign = (username: string, role: number) =>
    new SignJWT({ role })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM })
      .setSubject(username)
      .setIssuer(DEFAULT_TOKEN_SETTINGS.issuer)
      .setAudience(DEFAULT_TOKEN_SETTINGS.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti(randomUUID())
      .sign(privateKey);
  const ads = new Map<number, AdSnapshot>();
  const app = Fastify({ logger: false });
  await app.register(messagingApp, {
    prefix: BASE,
    db,
    verifyToken: wrapVerifier(createTokenVerifier(publicKey)),
    adLookup: async (carId) => ads.get(carId) ?? null,
    ...options,
  });
  await app.ready();
  return {
    app,
    db,
    ads,
    addAd(seller, fields = {}) {
      const id = ++adIds;
      ads.set(id, {
        seller,
        title: `Volvo V70 nr ${id}`,
        photo: `/files/${id}-1-card.jpeg`,
        state: 'active',
        ...fields,
      });
      return id;
    },
    auth: async (username, role = 1) => ({ authorization: `Bearer ${await sign(username, role)}` }),
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** A user of the tests: their name and the calls they make. */
export interface Caller {
  username: string;
  start(carId: unknown, text?: unknown): Promise<LightMyRequestResponse>;
  send(conversationId: number | string, text?: unknown): Promise<LightMyRequestResponse>;
  get(path: string): Promise<LightMyRequestResponse>;
  put(path: string, payload?: object): Promise<LightMyRequestResponse>;
  del(path: string): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
}

let users = 0;

/** A new user with a token for `t` (role 1, or 2 for a moderator). */
export async function caller(t: TestApp, name: string, role = 1): Promise<Caller> {
  const username = `${name}${++users}`;
  const headers = await t.auth(username, role);
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: url(path), headers, ...(payload === undefined ? {} : { payload }) });
  return {
    username,
    start: (carId, text = 'Hej! Är bilen kvar?') => inject('POST', messagingPaths.conversations, { carId, text }),
    send: (id, text = 'Ett svar') => inject('POST', messagingPaths.messages(id), { text }),
    get: (path) => inject('GET', path),
    put: (path, payload) => inject('PUT', path, payload),
    del: (path) => inject('DELETE', path),
    post: (path, payload) => inject('POST', path, payload),
  };
}

/** Starts a conversation and answers its id (fails the test otherwise). */
export async function startConversation(from: Caller, carId: number, text?: string): Promise<number> {
  const res = await from.start(carId, text);
  if (res.statusCode !== 201) throw new Error(`start: ${res.statusCode} ${res.body}`);
  return (res.json() as { conversationId: number }).conversationId;
}
