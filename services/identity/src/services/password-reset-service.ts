import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@bilmarknaden/db/database';
import { takeWindowLimits } from '@bilmarknaden/db/window-limits';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import {
  normalizePasswordReset,
  normalizePasswordResetRequest,
  PASSWORD_RESET_LIMITS,
  PASSWORD_RESET_MESSAGES,
  passwordResetRequestRules,
  passwordResetRules,
} from '@bilmarknaden/shared/validation/password-reset';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import type { Mailer } from '../mail/mailer.ts';
import { deleteAccountAttempts } from '../repositories/login-attempts-repository.ts';
import { passwordResetsRepository } from '../repositories/password-resets-repository.ts';
import { usersRepository, type UsersRepository } from '../repositories/users-repository.ts';
import type { BackgroundTasks } from './background-tasks.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { passwordResetLink, passwordResetMail } from './password-reset-mail.ts';
import type { TokenService } from './token-service.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

export interface PasswordResetRateLimit {
  windowSeconds: number;
  /** Requests allowed per asked email (whether or not it has an account) within the window. */
  perEmail: number;
  /** Requests allowed per client address within the window. */
  perAddress: number;
}

/** The shared contract's limits: 3 requests per asked email and 20 per address in an hour. */
export const DEFAULT_PASSWORD_RESET_RATE_LIMIT: PasswordResetRateLimit = {
  windowSeconds: 60 * 60,
  perEmail: PASSWORD_RESET_LIMITS.perAccountPerHour,
  perAddress: PASSWORD_RESET_LIMITS.perAddressPerHour,
};

const invalidLink = () => new DomainError('invalid', PASSWORD_RESET_MESSAGES.invalidLink, { field: 'token' });

export interface PasswordResetDeps {
  db: Database;
  users: UsersRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  mailer: Mailer;
  /** The site's address, without a trailing slash: the link is `${publicUrl}/reset-password#token=…`. */
  publicUrl: string;
  background: BackgroundTasks;
  limit: PasswordResetRateLimit;
  now: () => Date;
}

/** A link's token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * 'Glömt lösenord?'. A request is answered the same whether or not the email has an account: after validation and
 * the limits (counted per asked email and per address, account or not) it is accepted, and the account is looked up,
 * the link stored and the mail sent in the background, after the answer. A confirmation with a working link sets
 * the new password as a password change does (older tokens refused), uses the link, removes the user's others and
 * forgives the account's failed logins, in one transaction.
 */
export function passwordResetService(deps: PasswordResetDeps) {
  const { db, users, hasher, tokens, mailer, publicUrl, background, limit, now } = deps;
  const windowMs = limit.windowSeconds * 1000;
  const linkMs = PASSWORD_RESET_LIMITS.linkMinutes * 60 * 1000;

  /** The background half of a request: nothing happens for an email without an account. */
  async function sendLink(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const created = now();
    await db.transaction((tx) =>
      passwordResetsRepository(tx).replace(user.id, sha256(token), created, new Date(created.getTime() + linkMs)),
    );
    await mailer.send(passwordResetMail(user, passwordResetLink(publicUrl, token)));
  }

  return {
    /** Accepts the request; the link is sent (or not) after the answer. */
    async request(body: Record<string, unknown>, address: string, log: Pick<Log, 'error'>): Promise<void> {
      const input = normalizePasswordResetRequest(body);
      refuseFailure(lastFailure(passwordResetRequestRules, input));

      const email = input.email.toLowerCase();
      const at = now();
      // Counted per email and per address (`limits.events`); the email only as its hash.
      const limited = await takeWindowLimits(
        db,
        [
          { key: `password-reset-email:${sha256(email)}`, max: limit.perEmail, windowMs },
          { key: `password-reset-address:${address}`, max: limit.perAddress, windowMs },
        ],
        at,
      );
      if (limited) {
        const { retryAfterSeconds } = limited;
        throw new DomainError('too-many', PASSWORD_RESET_MESSAGES.tooMany, { retryAfterSeconds });
      }

      background.run(() =>
        sendLink(email).catch((err: unknown) => {
          log.error({ err }, 'password reset link not sent (the answer was 202 all the same)');
        }),
      );
    },

    /**
     * The link is checked before the password: a user whose link is dead is told about the link (and asks for a
     * new one) rather than made to fix a password that could never be saved. A working link is not used up by a
     * refused password.
     */
    async confirm(body: Record<string, unknown>): Promise<string> {
      const input = normalizePasswordReset(body);
      if (!TOKEN_PATTERN.test(input.token)) throw invalidLink();
      const tokenHash = sha256(input.token);
      const link = await passwordResetsRepository(db).findUsable(tokenHash, now());
      if (!link) throw invalidLink();

      // The server has no repeat field: the form already compared the two.
      refuseFailure(lastFailure(passwordResetRules, { password: input.password, passwordRepeat: input.password }));

      // argon2 before the transaction, which then holds its locks for a few statements only.
      const passwordHash = await hasher.hash(input.password);
      const changedAt = now();
      const user = await db.transaction(async (tx) => {
        const links = passwordResetsRepository(tx);
        const userId = await links.use(link.id, changedAt);
        if (userId === null) return null; // used, replaced or expired meanwhile
        const txUsers = usersRepository(tx);
        await txUsers.setPassword(userId, passwordHash, changedAt);
        await links.removeForUser(userId, link.id);
        const record = await txUsers.findById(userId);
        if (record) await deleteAccountAttempts(tx, record.email.toLowerCase());
        return record;
      });
      if (!user) throw invalidLink();
      // The new password holds, but a blocked account gets no token (decision 041).
      if (user.blockedAt !== null) throw new DomainError('forbidden', MODERATION_MESSAGES.blockedLogin);
      return tokens.issue({ username: user.username, role: user.role, verified: user.verifiedAt !== null });
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
