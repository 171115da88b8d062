import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedAccountsRepository } from '../src/repositories/closed-accounts-repository.ts';
import { usersRepository, uniqueViolation } from '../src/repositories/users-repository.ts';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let t: TestIdentity;
beforeAll(async () => {
  t = await buildIdentity();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: api('/user'), payload });
const closedAccounts = () => closedAccountsRepository(t.db);

/** A name recorded as closed, as DELETE /user leaves it: no user row, a closed_accounts row. */
async function retired(username: string, at = new Date()): Promise<number> {
  return closedAccounts().add(username, at);
}

describe('identity.closed_accounts', () => {
  it('lists the closures not yet erased, oldest first and up to the limit; markErased takes one out', async () => {
    const base = Date.parse('2026-03-01T10:00:00Z');
    const ids = [await retired('pending1', new Date(base)), await retired('Pending2', new Date(base + 1000))];
    ids.push(await retired('pending3', new Date(base + 2000)));
    expect(await closedAccounts().pending(10)).toEqual([
      { id: ids[0], username: 'pending1', closedAt: new Date(base) },
      { id: ids[1], username: 'Pending2', closedAt: new Date(base + 1000) },
      { id: ids[2], username: 'pending3', closedAt: new Date(base + 2000) },
    ]);
    expect((await closedAccounts().pending(2)).map((p) => p.username)).toEqual(['pending1', 'Pending2']);

    const erasedAt = new Date(base + 5000);
    await closedAccounts().markErased(ids[1]!, erasedAt);
    await closedAccounts().markErased(ids[1]!, new Date(base + 9000)); // a second mark keeps the first time
    expect((await closedAccounts().pending(10)).map((p) => p.username)).toEqual(['pending1', 'pending3']);
    const { rows } = await t.db.query<{ erased_at: Date | string }>(
      'SELECT erased_at FROM identity.closed_accounts WHERE id = $1',
      [ids[1]],
    );
    expect(new Date(rows[0]!.erased_at).getTime()).toBe(erasedAt.getTime());
    await closedAccounts().markErased(ids[0]!, erasedAt);
    await closedAccounts().markErased(ids[2]!, erasedAt);
    expect(await closedAccounts().pending(10)).toEqual([]);
  });

  it('holds each name once, whatever its case', async () => {
    await retired('Unik');
    await expect(retired('uNIK')).rejects.toMatchObject({ code: '23505' });
  });

  it('finds the pending rows through the partial index', async () => {
    // A small table may be read whole: with sequential scans off, the plan shows the index can serve the query.
    const plan = await t.db.transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<Record<string, string>>(
        'EXPLAIN SELECT id, username, closed_at FROM identity.closed_accounts WHERE erased_at IS NULL ORDER BY id LIMIT 50',
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('closed_accounts_pending_idx');
  });
});

describe('retired usernames', () => {
  it('registration answers a closed name, in any case, exactly as a taken one, erased or not', async () => {
    const live = newUser();
    expect((await register(live)).statusCode).toBe(200);
    const taken = await register(newUser({ username: live.username }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Användarnamnet är upptaget', field: 'username' });

    const id = await retired('Stangd.Konto');
    for (const username of ['Stangd.Konto', 'stangd.konto', 'STANGD.KONTO']) {
      const res = await register(newUser({ username }));
      expect(res.statusCode, username).toBe(409);
      expect(res.json()).toEqual(taken.json());
    }
    await closedAccounts().markErased(id, new Date());
    expect((await register(newUser({ username: 'stangd.konto' }))).statusCode).toBe(409);
    expect((await register(newUser({ username: 'stangd.konto2' }))).statusCode).toBe(200);
  });

  it('a taken email is still reported first, as for a live name', async () => {
    const live = newUser();
    expect((await register(live)).statusCode).toBe(200);
    await retired('gammalt.namn');
    const res = await register(newUser({ username: 'gammalt.namn', email: live.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'E-postadressen används redan', field: 'email' });
  });

  it('the taken check reports a retired name before anything is hashed or written', async () => {
    await retired('Kollad');
    const users = usersRepository(t.db);
    expect(await users.taken('KOLLAD', 'ny.adress@exempel.se')).toEqual({ username: true, email: false });
    expect(await users.taken('kollad2', 'ny.adress@exempel.se')).toEqual({ username: false, email: false });
  });

  it('the database refuses a retired name to every writer of identity.users, as a taken username', async () => {
    await retired('Databasen');
    const { password, ...profile } = newUser({ username: 'DATABASEN' });
    const error = await usersRepository(t.db)
      .insert({ ...profile, passwordHash: password })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(uniqueViolation(error)).toEqual({ field: 'username' });
    const { rows } = await t.db.query("SELECT 1 FROM identity.users WHERE lower(username) = 'databasen'");
    expect(rows).toEqual([]);
  });

  it('the public profile of a closed name answers 404', async () => {
    await retired('ingen.profil');
    const res = await t.app.inject({ method: 'GET', url: api('/user/username?username=Ingen.Profil') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Användaren kunde inte hittas', field: 'username' });
  });
});
