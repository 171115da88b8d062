import type { BearerAuth } from '@bilmarknaden/service-kit/bearer-auth';
import type { IdentityKeys } from './keys.ts';
import type { UserRecord } from './repositories/users-repository.ts';
import type { accountClosureService } from './services/account-closure-service.ts';
import type { blockingService } from './services/blocking-service.ts';
import type { loginService } from './services/login-service.ts';
import type { passwordChangeService } from './services/password-change-service.ts';
import type { PasswordResetService } from './services/password-reset-service.ts';
import type { registrationService } from './services/registration-service.ts';
import type { TokenService } from './services/token-service.ts';
import type { notificationSettingsService } from './services/notification-settings-service.ts';
import type { publicProfileService } from './services/public-profile-service.ts';
import type { verificationService } from './services/verification-service.ts';
import type { DealerService } from './services/dealer-service.ts';
import type { DealerDirectory } from '@bilmarknaden/service-kit/dealer-directory';
import type { IdentityClient } from '@bilmarknaden/service-kit/identity-client';
import type { TokenRevocationSource } from '@bilmarknaden/service-kit/token-revocations';
import type { Log } from '@bilmarknaden/service-kit/log';

/** What the routes of one identity instance share. */
export interface IdentityContext {
  keys: IdentityKeys;
  tokens: TokenService;
  registration: ReturnType<typeof registrationService>;
  login: ReturnType<typeof loginService>;
  passwordChange: ReturnType<typeof passwordChangeService>;
  accountClosure: ReturnType<typeof accountClosureService>;
  passwordReset: PasswordResetService;
  notificationSettings: ReturnType<typeof notificationSettingsService>;
  blocking: ReturnType<typeof blockingService>;
  publicProfiles: ReturnType<typeof publicProfileService>;
  verification: ReturnType<typeof verificationService>;
  /** Dealer accounts (issue 45). */
  dealers: DealerService;
  /** Approved dealers for the internal routes (DealerDirectory). */
  dealerDirectory: DealerDirectory;
  /** Stores notification mails (the in-process IdentityClient). */
  notifications: IdentityClient;
  /** The token revocations recorded after a time (the internal route). */
  revocationsSince: TokenRevocationSource;
  /** After a change that revoked tokens has committed: the process's own list reads it at once. Never throws. */
  tokensRevoked(log: Pick<Log, 'warn'>): Promise<void>;
  /** Told the username of each account closed, after its transaction commits (IdentityOptions.onAccountClosed). */
  onAccountClosed?: (username: string) => void;
  /** Told after a block or unblock commits (IdentityOptions.onBlockChanged). */
  onBlockChanged?: () => void;
  /** Bearer token hooks and the token's current user. */
  auth: BearerAuth<UserRecord>;
}

/** The answer of a route that answers with a new token, as text. */
export const TOKEN_TYPE = 'text/plain; charset=utf-8';

/** No body at all is a missing field: the rule's message, not the schema's. */
export async function emptyBodyAsObject(request: { body: unknown }): Promise<void> {
  request.body ??= {};
}
