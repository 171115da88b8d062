import type { FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { bearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import { runJobs } from '@bilmarknaden/service-kit/jobs/job-runner';
import { serviceKit } from '@bilmarknaden/service-kit/service-plugin';
import { DEFAULT_TOKEN_SETTINGS, type TokenSettings } from '@bilmarknaden/shared/auth/token';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { IdentityContext } from './context.ts';
import type { IdentityKeys } from './keys.ts';
import type { Mailer } from './mail/mailer.ts';
import { loginAttemptsRepository } from './repositories/login-attempts-repository.ts';
import { usersRepository } from './repositories/users-repository.ts';
import { accountClosureRoutes } from './routes/account-closure-routes.ts';
import { currentUserRoutes } from './routes/current-user-routes.ts';
import { jwksRoutes } from './routes/jwks-routes.ts';
import { loginRoutes } from './routes/login-routes.ts';
import { passwordResetRoutes } from './routes/password-reset-routes.ts';
import { passwordRoutes } from './routes/password-routes.ts';
import { publicProfileRoutes } from './routes/public-profile-routes.ts';
import { registrationRoutes } from './routes/registration-routes.ts';
import { accountClosureService } from './services/account-closure-service.ts';
import { blockingService } from './services/blocking-service.ts';
import { blockingRoutes } from './routes/blocking-routes.ts';
import { userVerifier } from './services/authentication.ts';
import { createBackgroundTasks, type BackgroundTasks } from './services/background-tasks.ts';
import { DEFAULT_LOGIN_RATE_LIMIT, loginService, type LoginRateLimit } from './services/login-service.ts';
import { passwordChangeService } from './services/password-change-service.ts';
import { createPasswordHasher, type PasswordHasher } from './services/password-hasher.ts';
import {
  DEFAULT_PASSWORD_RESET_RATE_LIMIT,
  passwordResetService,
  type PasswordResetRateLimit,
} from './services/password-reset-service.ts';
import {
  DEFAULT_REGISTRATION_RATE_LIMIT,
  registrationService,
  type RegistrationRateLimit,
} from './services/registration-service.ts';
import { tokenService } from './services/token-service.ts';
import { identityNotifications, type IdentityNotifications } from './services/notifications.ts';
import { notificationSettingsService } from './services/notification-settings-service.ts';
import { publicProfileService } from './services/public-profile-service.ts';
import { notificationSettingsRoutes } from './routes/notification-settings-routes.ts';
import { internalRoutes } from './routes/internal-routes.ts';
import { databaseRevocationSource } from './services/token-revocations.ts';
import { verificationService } from './services/verification-service.ts';
import { verificationRoutes } from './routes/verification-routes.ts';
import { dealerRoutes } from './routes/dealer-routes.ts';
import { dealerService } from './services/dealer-service.ts';
import { identityDealerReads } from './services/dealer-directory.ts';
import type { IdentityVerifier } from './verification/identity-verifier.ts';
import { localIdentityVerifier } from './verification/local-verifier.ts';

export type { IdentityKeys } from './keys.ts';
export type { LoginRateLimit } from './services/login-service.ts';
export type { RegistrationRateLimit } from './services/registration-service.ts';
export type { Mailer, MailMessage } from './mail/mailer.ts';
export type { BackgroundTasks } from './services/background-tasks.ts';
export type { PasswordResetRateLimit } from './services/password-reset-service.ts';
export type { IdentityNotifications, MailSender } from './services/notifications.ts';
export type { IdentityVerifier } from './verification/identity-verifier.ts';

export interface IdentityOptions {
  db: Database;
  keys: IdentityKeys;
  /** Token lifetime; 1 hour by default. */
  tokenTtlSeconds?: number;
  tokenSettings?: TokenSettings;
  /** Clock for issued tokens and the rate limits (tests); verification always uses the real clock. */
  now?: () => Date;
  /** Failed-login limits; defaults: 5 per account and address, 20 per address, 100 per account, in 15 min. */
  loginRateLimit?: Partial<LoginRateLimit>;
  /** Registrations per client address; default: 10 in an hour. */
  registrationRateLimit?: Partial<RegistrationRateLimit>;
  /** Byte limit of the JSON bodies (register, login, password change and reset, closure); 8 KiB by default. */
  bodyLimit?: number;
  /** Tests only: a hasher with lower argon2 parameters. The default uses OWASP's. */
  passwordHasher?: PasswordHasher;
  /**
   * Called with the username of each account closed (`DELETE /user`), once its transaction has committed and
   * before the 204 is sent; the server uses it to start erasing the seller's ads at once. Not awaited: it must
   * return quickly and handle its own errors (a throw or a rejected promise is logged, the answer stays 204).
   * A closure it misses is still in `identity.closed_accounts` (pending) for the relay's next round.
   */
  onAccountClosed?: (username: string) => void;
  /**
   * Called after a block or unblock commits; the server uses it to run the relay that hides or shows the user's
   * ads in inventory at once (decision 041). It must not throw; a change it misses stays in identity.user_blocks.
   */
  onBlockChanged?: () => void;
  /**
   * Sends the password-reset mails (`mail/create-mailer.ts`: SMTP or the mail folder). Without one no mail is sent:
   * each request is still answered 202, and the failure is logged as an error.
   */
  mailer?: Mailer;
  /** The site's address for the links in mails, without a trailing slash; http://localhost:3000 by default. */
  publicUrl?: string;
  /** Link requests per asked email and per address; default PASSWORD_RESET_LIMITS' 3 and 20 in an hour. */
  passwordResetRateLimit?: Partial<PasswordResetRateLimit>;
  /**
   * Where the work answers do not wait for runs (the reset mail); closing the app waits for it. Tests pass their
   * own to await it.
   */
  background?: BackgroundTasks;
  /**
   * The notification path (`services/notifications.ts`): made by the caller when other services of the process
   * get its client, else here with this app's mailer. The app starts its sender when ready and stops it on close.
   */
  notifications?: IdentityNotifications;
  /** Tests only: false leaves the mail outbox unsent (the sender is not started). */
  sendNotificationMails?: boolean;
  /**
   * The revocation list of this process (the default process shares one with the other services): refreshed right
   * after identity commits a change that revokes tokens, so the process refuses them at once (decision 033).
   */
  tokenRevocations?: { refresh(): Promise<void> };
  /** The secret of the internal routes (INTERNAL_API_KEY); without it they are not registered (404). */
  internalApiKey?: string;
  /** Who verifies a person ('Verifierad med BankID'); the local test verifier by default (decision 056). */
  identityVerifier?: IdentityVerifier;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export const DEFAULT_BODY_LIMIT = 8 * 1024;

/** The default without a mailer: every send fails (and is logged), nothing is written anywhere. */
const NO_MAILER: Mailer = {
  send: () => Promise.reject(new Error('identity has no mailer (IdentityOptions.mailer): the mail was not sent')),
};

/** The identity service as an encapsulated Fastify plugin; register it with `{ prefix: '/api/identity' }`. */
export async function identityApp(app: FastifyInstance, opts: IdentityOptions): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const bodyLimit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const users = usersRepository(opts.db);
  const loginAttempts = loginAttemptsRepository(opts.db);
  const hasher = opts.passwordHasher ?? createPasswordHasher();
  const tokens = tokenService(
    opts.keys,
    opts.tokenSettings ?? DEFAULT_TOKEN_SETTINGS,
    opts.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    now,
  );
  // Logins and password changes check passwords against the same attempt counts.
  const passwordDeps = {
    users,
    attempts: loginAttempts,
    hasher,
    tokens,
    now,
    limit: { ...DEFAULT_LOGIN_RATE_LIMIT, ...opts.loginRateLimit },
  };
  const background = opts.background ?? createBackgroundTasks();
  const notifications =
    opts.notifications ??
    identityNotifications({
      db: opts.db,
      mailer: opts.mailer ?? NO_MAILER,
      publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL,
      log: app.log,
      now,
    });
  const ctx: IdentityContext = {
    keys: opts.keys,
    tokens,
    registration: registrationService({
      users,
      db: opts.db,
      hasher,
      tokens,
      now,
      limit: { ...DEFAULT_REGISTRATION_RATE_LIMIT, ...opts.registrationRateLimit },
    }),
    login: loginService(passwordDeps),
    passwordChange: passwordChangeService({ ...passwordDeps, db: opts.db }),
    accountClosure: accountClosureService({ ...passwordDeps, db: opts.db }),
    passwordReset: passwordResetService({
      db: opts.db,
      users,
      hasher,
      tokens,
      mailer: opts.mailer ?? NO_MAILER,
      publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL,
      background,
      limit: { ...DEFAULT_PASSWORD_RESET_RATE_LIMIT, ...opts.passwordResetRateLimit },
      now,
    }),
    notificationSettings: notificationSettingsService(opts.db),
    blocking: blockingService({ db: opts.db, now }),
    publicProfiles: publicProfileService(users),
    verification: verificationService({
      db: opts.db,
      verifier: opts.identityVerifier ?? localIdentityVerifier({ now }),
      tokens,
      now,
    }),
    dealers: dealerService({
      db: opts.db,
      now,
      publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL,
      mailQueued: () => notifications.sender.wake(),
    }),
    dealerDirectory: identityDealerReads(opts.db),
    notifications: notifications.client,
    revocationsSince: databaseRevocationSource(opts.db),
    async tokensRevoked(log) {
      await opts.tokenRevocations
        ?.refresh()
        .catch((err: unknown) => log.warn({ err }, 'token revocations not read after a change'));
    },
    onAccountClosed: opts.onAccountClosed,
    onBlockChanged: opts.onBlockChanged,
    auth: bearerAuth(userVerifier(tokens, users)),
  };

  await app.register(serviceKit, {
    name: 'identity',
    jsonBodyLimit: bodyLimit,
    // The specification's registration sends zipcode, countryCode and phone as numbers; the shared rules check the text.
    convertJsonBodies: [`POST ${identityPaths.user}`],
    docs: {
      title: 'Bilmarknaden identity',
      description: 'Accounts, logins and tokens. Errors: {message, field?} in Swedish.',
    },
  });
  // A stopping server first finishes the mails it has accepted to send.
  app.addHook('onClose', () => background.idle());
  // The outbox's sender runs in every identity process; closing waits for a mail being sent.
  if (opts.sendNotificationMails !== false) runJobs(app, [notifications.sender]);

  registrationRoutes(app, ctx);
  blockingRoutes(app, ctx);
  loginRoutes(app, ctx);
  currentUserRoutes(app, ctx);
  passwordRoutes(app, ctx);
  passwordResetRoutes(app, ctx);
  accountClosureRoutes(app, ctx);
  publicProfileRoutes(app, ctx);
  jwksRoutes(app, ctx);
  notificationSettingsRoutes(app, ctx);
  verificationRoutes(app, ctx);
  dealerRoutes(app, ctx);
  if (opts.internalApiKey) internalRoutes(app, ctx, opts.internalApiKey);
}
