import type { Database } from '@bilmarknaden/db/database';
import { usersRepository } from '@bilmarknaden/identity/repositories/users-repository';
import { verifyPassword } from '@bilmarknaden/identity/services/password-hasher';
import { DEMO_PASSWORD, demoUsers } from './demo-users.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/**
 * In production, a demo moderator or administrator that an earlier start seeded and that still has the README's
 * password loses its role (to 1), so the published password opens no staff account. Returns the usernames demoted.
 */
export async function demoteDemoStaff(db: Database, log: Pick<Log, 'warn'>): Promise<string[]> {
  const users = usersRepository(db);
  const demoted: string[] = [];
  for (const u of demoUsers.filter((d) => d.role !== 1)) {
    const found = await users.findByUsername(u.username);
    if (!found || found.role === 1 || found.email.toLowerCase() !== u.email) continue;
    if (!(await verifyPassword(found.passwordHash, DEMO_PASSWORD))) continue;
    // Its tokens carry the old role: refused from now on, like any role change's.
    await db.transaction((tx) => usersRepository(tx).setRole(u.username, 1, new Date()));
    demoted.push(u.username);
  }
  if (demoted.length > 0) {
    log.warn({ demoted }, "demo staff accounts with the README's password demoted to role 1 (NODE_ENV=production)");
  }
  return demoted;
}
