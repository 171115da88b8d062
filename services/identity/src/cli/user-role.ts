import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '@bilmarknaden/db/database';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { ROLES } from '@bilmarknaden/shared/constants';
import { identityMigrations } from '../migrations.ts';
import { usersRepository } from '../repositories/users-repository.ts';

export const USAGE =
  'Användning: npm run user:role -- <användarnamn> <roll>  (1 = användare, 2 = moderator, 3 = administratör)';

const ROLE_NAMES: Record<number, string> = {
  [ROLES.user]: 'användare',
  [ROLES.moderator]: 'moderator',
  [ROLES.administrator]: 'administratör',
};

export interface CommandResult {
  ok: boolean;
  message: string;
}

/** `<username> <role>` from the command line, or the message explaining what is wrong. */
export function parseUserRoleArgs(args: readonly string[]): { username: string; role: number } | CommandResult {
  const [username, roleText, ...rest] = args;
  if (!username?.trim() || !roleText || rest.length > 0) return { ok: false, message: USAGE };
  if (!/^[1-3]$/.test(roleText.trim())) return { ok: false, message: `Ogiltig roll "${roleText}". ${USAGE}` };
  return { username: username.trim(), role: Number(roleText.trim()) };
}

/** Parses `<username> <role>` and sets the role; the answer says what happened. */
export async function runUserRole(db: Database, args: readonly string[]): Promise<CommandResult> {
  const parsed = parseUserRoleArgs(args);
  if ('ok' in parsed) return parsed;
  // Tokens carrying the old role stop working in every service within a minute (decision 033).
  const user = await db.transaction((tx) => usersRepository(tx).setRole(parsed.username, parsed.role, new Date()));
  if (!user) return { ok: false, message: `Användaren "${parsed.username}" finns inte.` };
  return { ok: true, message: `${user.username} har nu roll ${parsed.role} (${ROLE_NAMES[parsed.role]}).` };
}

/** The database of the settings: DATABASE_URL, else the PGlite folder in DATA_DIR. */
export async function openDatabaseFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 1 });
  return openDatabase({ dataDir: path.join(env.DATA_DIR || './data', 'db') });
}

async function main(): Promise<void> {
  const parsed = parseUserRoleArgs(process.argv.slice(2));
  if ('ok' in parsed) {
    console.error(parsed.message); // bad arguments: no need to open the database
    process.exitCode = 1;
    return;
  }
  let db: Database | undefined;
  try {
    db = await openDatabaseFromEnv();
    await runMigrations(db, [identityMigrations]);
    const result = await runUserRole(db, process.argv.slice(2));
    (result.ok ? console.log : console.error)(result.message);
    process.exitCode = result.ok ? 0 : 1;
  } catch (err) {
    console.error(`Kunde inte ändra rollen: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await db?.close();
  }
}

// Run only as a command, not when a test imports the function.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
