import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@bilmarknaden/db/database';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { DEFAULT_TOKEN_SETTINGS, type TokenSettings } from '@bilmarknaden/shared/auth/token';
import type { IdentityContext } from './context.ts';
import { ERROR_MESSAGES, installErrorHandling } from './error-handler.ts';
import { refuseNul } from '@bilmarknaden/shared/http/nul-guard';
import type { IdentityKeys } from './keys.ts';
import { createLoginAttemptsRepository } from './repositories/login-attempts-repository.ts';
import { createRegistrationAttemptsRepository } from './repositories/registration-attempts-repository.ts';
import { createUsersRepository } from './repositories/users-repository.ts';
import { currentUserRoutes } from './routes/current-user-routes.ts';
import { jwksRoute } from './routes/jwks-route.ts';
import { loginRoute } from './routes/login-route.ts';
import { publicProfileRoute } from './routes/public-profile-route.ts';
import { registerRoute } from './routes/register-route.ts';
import { accountClosureRoute } from './routes/account-closure-route.ts';
import { createAccountClosureService } from './services/account-closure-service.ts';
import { createAuthenticator } from './services/authentication.ts';
import { createLoginService, DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './services/login-service.ts';
import { createPasswordChangeService } from './services/password-change-service.ts';
import { passwordRoute } from './routes/password-route.ts';
import { createPasswordHasher, type PasswordHasher } from './services/password-hasher.ts';
import type { Mailer } from './mail/mailer.ts';
import { createPasswordResetRequestsRepository } from './repositories/password-reset-requests-repository.ts';
import { passwordResetRoutes } from './routes/password-reset-routes.ts';
import { createBackgroundTasks, type BackgroundTasks } from './services/background-tasks.ts';
import {
  createPasswordResetService,
  DEFAULT_PASSWORD_RESET_RATE_LIMIT,
  type PasswordResetRateLimit,
} from './services/password-reset-service.ts';
import {
  createRegistrationService,
  DEFAULT_REGISTRATION_RATE_LIMIT,
  type RegistrationRateLimit,
} from './services/registration-service.ts';
import { createTokenService } from './services/token-service.ts';

export type { IdentityKeys } from './keys.ts';
export type { LoginRateLimit } from './services/login-service.ts';
export type { RegistrationRateLimit } from './services/registration-service.ts';
export type { Mailer, MailMessage } from './mail/mailer.ts';
export type { BackgroundTasks } from './services/background-tasks.ts';
export type { PasswordResetRateLimit } from './services/password-reset-service.ts';

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
  const users = createUsersRepository(opts.db);
  const loginAttempts = createLoginAttemptsRepository(opts.db);
  const hasher = opts.passwordHasher ?? createPasswordHasher();
  const tokens = createTokenService(
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
  const ctx: IdentityContext = {
    keys: opts.keys,
    users,
    tokens,
    registration: createRegistrationService({
      users,
      attempts: createRegistrationAttemptsRepository(opts.db),
      hasher,
      tokens,
      now,
      limit: { ...DEFAULT_REGISTRATION_RATE_LIMIT, ...opts.registrationRateLimit },
    }),
    login: createLoginService(passwordDeps),
    passwordChange: createPasswordChangeService({ ...passwordDeps, db: opts.db }),
    accountClosure: createAccountClosureService({ ...passwordDeps, db: opts.db }),
    passwordReset: createPasswordResetService({
      db: opts.db,
      users,
      requests: createPasswordResetRequestsRepository(opts.db),
      hasher,
      tokens,
      mailer: opts.mailer ?? NO_MAILER,
      publicUrl: opts.publicUrl ?? DEFAULT_PUBLIC_URL,
      background,
      limit: { ...DEFAULT_PASSWORD_RESET_RATE_LIMIT, ...opts.passwordResetRateLimit },
      now,
    }),
    onAccountClosed: opts.onAccountClosed,
    authenticate: createAuthenticator(tokens, users),
    bodyLimit,
  };

  installErrorHandling(app);
  // A stopping server first finishes the mails it has accepted to send.
  app.addHook('onClose', () => background.idle());
  app.addHook('preValidation', refuseNul(ERROR_MESSAGES.badRequest));
  // Our own JSON parser: prototype-poisoning keys are refused whatever the host server's options are.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    app.getDefaultJsonParser('error', 'error'),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bilmarknaden identity', version: '1.0.0', description: 'Konton, inloggning och tokens.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: identityPaths.docs });

  registerRoute(app, ctx);
  loginRoute(app, ctx);
  currentUserRoutes(app, ctx);
  passwordRoute(app, ctx);
  passwordResetRoutes(app, ctx);
  accountClosureRoute(app, ctx);
  publicProfileRoute(app, ctx);
  jwksRoute(app, ctx);
}
