import type { IdentityKeys } from './keys.ts';
import type { createAccountClosureService } from './services/account-closure-service.ts';
import type { UsersRepository } from './repositories/users-repository.ts';
import type { Authenticator } from './services/authentication.ts';
import type { createLoginService } from './services/login-service.ts';
import type { createPasswordChangeService } from './services/password-change-service.ts';
import type { PasswordResetService } from './services/password-reset-service.ts';
import type { createRegistrationService } from './services/registration-service.ts';
import type { TokenService } from './services/token-service.ts';

/** What the routes of one identity instance share. */
export interface IdentityContext {
  keys: IdentityKeys;
  users: UsersRepository;
  tokens: TokenService;
  registration: ReturnType<typeof createRegistrationService>;
  login: ReturnType<typeof createLoginService>;
  passwordChange: ReturnType<typeof createPasswordChangeService>;
  accountClosure: ReturnType<typeof createAccountClosureService>;
  passwordReset: PasswordResetService;
  /** Told the username of each account closed, after its transaction commits (IdentityOptions.onAccountClosed). */
  onAccountClosed?: (username: string) => void;
  authenticate: Authenticator;
  /** Byte limit of the JSON bodies (register, login, password change and reset, closure). */
  bodyLimit: number;
}
