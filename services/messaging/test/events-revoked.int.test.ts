// A live stream ends when its token is revoked (a password change, a closure or a block: decision 033), not only
// when the token expires.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTokenRevocationList, refuseRevoked } from '@bilmarknaden/service-kit/token-revocations';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { buildTestApp, url, type TestApp } from './messaging-helpers.ts';

let t: TestApp;
let origin: string;
const revoked: { username: string; notBefore: Date }[] = [];
const list = createTokenRevocationList({
  source: async () => ({ now: new Date(), revocations: revoked }),
  lifetimeSeconds: 3600,
  log: { warn: () => undefined },
});

beforeAll(async () => {
  t = await buildTestApp({ live: { recheckMs: 50 } }, (verify) => refuseRevoked(verify, list));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await list.close();
  await t.close();
});

/** Opens the user's stream and answers whether it ended within `ms`. */
async function streamEnds(headers: Record<string, string>, revoke: () => Promise<void>, ms: number) {
  const res = await fetch(`${origin}${url(messagingPaths.events)}`, { headers });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await revoke();
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })();
  const result = await Promise.race([ended, new Promise<false>((r) => setTimeout(() => r(false), ms))]);
  await reader.cancel().catch(() => undefined);
  return result;
}

it('ends the stream of a token revoked while it is open', async () => {
  const headers = await t.auth('karin');
  await new Promise((r) => setTimeout(r, 1100)); // the revocation counts whole seconds after the token's iat
  const ended = await streamEnds(
    headers,
    async () => {
      revoked.push({ username: 'karin', notBefore: new Date() });
      await list.refresh();
    },
    3000,
  );
  expect(ended).toBe(true);
});

it("keeps another user's stream open", async () => {
  const headers = await t.auth('olle');
  expect(await streamEnds(headers, () => list.refresh(), 500)).toBe(false);
});
