import type { Request, Response } from 'express';
import type { UserWire } from '../platform/contracts/rest.contract';
import { UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import { textErrors } from '../../domain/shared/text';
import type { AppDeps } from '../platform/deps';
import { newCsrfToken, setCsrfCookie } from '../platform/http/csrf';
import { LoginThrottle, REAUTH_TRIES, clientAddress } from './login-throttle';
import { endSessionsOf } from './end-sessions';
import { destroySession, regenerateSession } from './session';
import { TwoFactorService, refusedCode } from './two-factor/two-factor.service';
import { UserService, wrongOldPassword } from './user.service';
import { type User } from '../platform/user';
import { ApiTokenService } from './api-tokens/api-token.service';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/** Session login, logout and password change: the one implementation behind REST and GraphQL. */
export class AuthService {
  readonly users: UserService;
  readonly throttle: LoginThrottle;
  /** Password and code re-checks of signed-in users (password change, two-factor management). */
  readonly reauth: LoginThrottle;
  readonly twoFactor: TwoFactorService;
  /** API tokens: made by the superuser, presented by other systems (Authorization: Bearer). */
  readonly tokens: ApiTokenService;

  constructor(private readonly deps: AppDeps) {
    this.tokens = new ApiTokenService(deps.db, deps.clock, deps.limits);
    this.users = new UserService(deps.db);
    this.throttle = new LoginThrottle(deps.db, deps.limits, deps.clock);
    this.reauth = new LoginThrottle(deps.db, deps.limits, deps.clock, REAUTH_TRIES);
    this.twoFactor = new TwoFactorService(deps, this.reauth);
  }

  async login(req: Request, res: Response, { username, password, otp }: Credentials): Promise<LoginOutcome> {
    // Usernames and new passwords never hold a control character or a line break (UserService), so
    // such a credential is refused before the throttle and the database see it.
    const unclean = textErrors({ username, password, otp }, 'single');
    if (Object.keys(unclean).length) throw new ValidationError(LOGIN_FAILED, unclean);
    if (!username || !password) {
      throw new ValidationError(LOGIN_FAILED, {
        ...(username ? {} : { username: ['This field is required.'] }),
        ...(password ? {} : { password: ['This field is required.'] }),
      });
    }
    const ip = clientAddress(req);
    await this.throttle.begin(ip, username);
    const user = await this.users.authenticate(username, password);
    if (!user) {
      req.log?.info({ username }, 'login failed');
      throw new UnauthenticatedError(LOGIN_FAILED);
    }
    // The second factor (api/auth/two-factor). A wrong code stays counted as a failure
    // (throttle.begin counted it), so guessing codes is throttled like guessing passwords.
    const second = await this.twoFactor.checkAtLogin(user, otp);
    if (second === 'otp-required') {
      await this.throttle.passwordAccepted(ip, username);
      return { otpRequired: true };
    }
    if (second === 'refused') {
      req.log?.info({ username }, 'login failed: second factor');
      throw refusedCode();
    }
    await this.throttle.succeeded(ip, username);
    // A new session id at login defeats session fixation.
    await this.startSession(req, res, user);
    return { otpRequired: false, user: req.user! };
  }

  private async startSession(req: Request, res: Response, user: User): Promise<void> {
    await regenerateSession(req);
    req.session.userId = user.id;
    req.session.csrfToken = newCsrfToken();
    setCsrfCookie(res, req.session.csrfToken, this.deps.config.env === 'production');
    req.user = this.twoFactor.applyPolicy(user);
  }

  async logout(req: Request, res: Response): Promise<void> {
    if (req.session) await destroySession(req);
    res.clearCookie('sessionid', { path: '/' });
    req.user = undefined;
  }

  /**
   * A new password ends every session of the user (someone who knew the old one may hold one) and
   * goes on in a new session with a new id. The old password is checked under the re-check
   * throttle, so a held session cannot guess it faster than a login could. It is the user's own,
   * so a generated password's sign-in (password_change_required) now opens everything.
   */
  async changePassword(req: Request, res: Response, { oldPassword, newPassword }: PasswordChange): Promise<void> {
    const user = req.user;
    if (!user) throw new UnauthenticatedError();
    const errors: Record<string, string[]> = {};
    if (!oldPassword) errors.oldPassword = ['This field is required.'];
    if (!newPassword) errors.newPassword = ['This field is required.'];
    Object.assign(errors, textErrors({ oldPassword, newPassword }, 'single'));
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    const right = await this.reauth.attempt(clientAddress(req), user.id, () => this.users.checkPassword(user.id, oldPassword));
    if (!right) throw wrongOldPassword();
    await this.deps.db.transaction(async (trx) => {
      await new UserService(trx).replacePassword(user.id, oldPassword, newPassword);
      await endSessionsOf(trx, user.id);
    });
    await this.startSession(req, res, { ...user, password_change_required: false });
  }
}

/** A login attempt; blank fields are refused with the spec's message. */
export interface Credentials {
  username: string;
  password: string;
  /** The second factor, once the first answer asked for it: a TOTP code or a recovery code. */
  otp?: string;
}

/** Signed in, or the password was right and a second factor is needed (nothing signed in yet). */
export type LoginOutcome = { otpRequired: false; user: User } | { otpRequired: true };

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/** What the spec's login and check-auth answers carry about a user. */
export const userPayload = (user: User): UserWire => ({
  id: user.id,
  username: user.username,
  email: user.email,
  is_superuser: user.is_superuser,
  client_id: user.client_id,
  two_factor_enabled: user.two_factor_enabled,
  two_factor_setup_required: !!user.two_factor_setup_required,
  password_change_required: !!user.password_change_required,
});
