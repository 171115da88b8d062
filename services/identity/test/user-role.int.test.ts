import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@bilmarknaden/db/testing';
import { runUserRole, USAGE } from '../src/cli/user-role.ts';
import { usersRepository } from '../src/repositories/users-repository.ts';
import { newUser, openTestDatabase } from './helpers.ts';

let t: TestDatabase;
const user = newUser({ username: 'Moderatorn' });
beforeAll(async () => {
  t = await openTestDatabase();
  const { password: _password, ...profile } = user;
  await usersRepository(t.db).insert({ ...profile, passwordHash: 'x' });
});
afterAll(() => t.dispose());

const role = async () => (await usersRepository(t.db).findByUsername(user.username))!.role;

describe('user:role command', () => {
  it('makes a moderator, an administrator and a user again (username in any case)', async () => {
    expect(await runUserRole(t.db, ['moderatorn', '2'])).toEqual({
      ok: true,
      message: 'Moderatorn har nu roll 2 (moderator).',
    });
    expect(await role()).toBe(2);
    expect((await runUserRole(t.db, ['Moderatorn', '3'])).ok).toBe(true);
    expect(await role()).toBe(3);
    expect((await runUserRole(t.db, ['Moderatorn', '1'])).message).toContain('roll 1 (användare)');
    expect(await role()).toBe(1);
  });

  it('fails clearly for an unknown user', async () => {
    expect(await runUserRole(t.db, ['ingen', '2'])).toEqual({ ok: false, message: 'Användaren "ingen" finns inte.' });
  });

  it.each([['0'], ['4'], ['admin'], ['2.5'], ['-1']])('refuses the role %s', async (bad) => {
    const result = await runUserRole(t.db, ['Moderatorn', bad]);
    expect(result.ok).toBe(false);
    expect(result.message).toContain(`Ogiltig roll "${bad}"`);
    expect(await role()).toBe(1);
  });

  it('shows the usage for missing or extra arguments', async () => {
    for (const args of [[], ['Moderatorn'], ['Moderatorn', '2', 'extra']]) {
      expect(await runUserRole(t.db, args)).toEqual({ ok: false, message: USAGE });
    }
  });
});

describe('user:role as a command', () => {
  it('exits non-zero with a message for a bad role', async () => {
    const { execFile } = await import('node:child_process');
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'identity-cli-'));
    const script = new URL('../src/cli/user-role.ts', import.meta.url).pathname;
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', script, 'ingen', '7'], { env }, (err, stdout, stderr) =>
          resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Ogiltig roll "7"');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
