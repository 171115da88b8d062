import { describe, expect, it } from 'vitest';
import { createTokenRevocationList, issuedBefore, refuseRevoked, type RevocationBatch } from './token-revocations.ts';

const silent = { warn: () => undefined };
const sec = (ms: number) => Math.floor(ms / 1000);

/** A source that answers the queued batches in turn and records each `since` it was asked. */
function queuedSource(batches: (RevocationBatch | Error)[]) {
  const asked: Date[] = [];
  return {
    asked,
    source: async (since: Date) => {
      asked.push(since);
      const next = batches.shift() ?? { now: new Date(), revocations: [] };
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

describe('the token revocation list', () => {
  it('refuses tokens issued in an earlier second than not_before, by any case of the name', async () => {
    const at = Date.now() - 5000;
    const { source } = queuedSource([
      { now: new Date(), revocations: [{ username: 'Anna', notBefore: new Date(at) }] },
    ]);
    const list = createTokenRevocationList({ source, lifetimeSeconds: 3600, log: silent });
    await list.refresh();
    expect(list.isRevoked({ username: 'anna', iat: sec(at) - 1 })).toBe(true);
    expect(list.isRevoked({ username: 'ANNA', iat: sec(at) - 1 })).toBe(true);
    expect(list.isRevoked({ username: 'anna', iat: sec(at) })).toBe(false);
    expect(list.isRevoked({ username: 'bo', iat: 0 })).toBe(false);
    expect(issuedBefore(sec(at) - 1, new Date(at))).toBe(true);
  });

  it("asks from the token lifetime first, then from the last answer's clock less a margin; keeps the latest entry", async () => {
    const identityClock = new Date(Date.now() - 10_000);
    const early = Date.now() - 4000;
    const late = Date.now() - 2000;
    const { source, asked } = queuedSource([
      { now: identityClock, revocations: [{ username: 'anna', notBefore: new Date(late) }] },
      { now: new Date(), revocations: [{ username: 'anna', notBefore: new Date(early) }] },
    ]);
    const list = createTokenRevocationList({ source, lifetimeSeconds: 3600, log: silent });
    await list.refresh();
    await list.refresh();
    expect(Date.now() - asked[0]!.getTime()).toBeGreaterThanOrEqual(3600_000);
    expect(asked[1]!.getTime()).toBe(identityClock.getTime() - 60_000);
    expect(list.isRevoked({ username: 'anna', iat: sec(late) - 1 })).toBe(true);
  });

  it('drops entries older than the token lifetime, and keeps its list when a read fails', async () => {
    const { source } = queuedSource([
      {
        now: new Date(),
        revocations: [
          { username: 'gammal', notBefore: new Date(Date.now() - 2 * 3600_000) },
          { username: 'ny', notBefore: new Date() },
        ],
      },
      new Error('identity svarar inte'),
    ]);
    const list = createTokenRevocationList({ source, lifetimeSeconds: 3600, log: silent });
    await list.refresh();
    expect(list.isRevoked({ username: 'gammal', iat: 0 })).toBe(false);
    await expect(list.refresh()).rejects.toThrow('identity svarar inte');
    expect(list.isRevoked({ username: 'ny', iat: 0 })).toBe(true);
    const verify = refuseRevoked(
      async (token) => ({ username: token, role: 1, verified: false, jti: 'j', exp: 0, iat: 0 }),
      list,
    );
    expect(await verify('ny')).toBeNull();
    expect(await verify('annan')).toMatchObject({ username: 'annan' });
    await list.close();
  });
});
