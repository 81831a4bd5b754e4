import type { Request, Response } from 'express';
import type { UserWire } from '../contracts/rest.contract';
import { UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import type { AppDeps } from '../deps';
import { newCsrfToken, setCsrfCookie } from '../http/csrf';
import { LoginThrottle } from './login-throttle';
import { destroySession, regenerateSession } from './session';
import { TwoFactorService, refusedCode } from './two-factor/two-factor.service';
import { UserService, type User } from './user.service';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/** Session login, logout and password change: the one implementation behind REST and GraphQL. */
export class AuthService {
  readonly users: UserService;
  readonly throttle: LoginThrottle;
  readonly twoFactor: TwoFactorService;

  constructor(private readonly deps: AppDeps) {
    this.users = new UserService(deps.db);
    this.throttle = new LoginThrottle(deps.limits);
    this.twoFactor = new TwoFactorService(deps);
  }

  async login(req: Request, res: Response, { username, password, otp }: Credentials): Promise<LoginOutcome> {
    if (!username || !password) {
      throw new ValidationError(LOGIN_FAILED, {
        ...(username ? {} : { username: ['This field is required.'] }),
        ...(password ? {} : { password: ['This field is required.'] }),
      });
    }
    const ip = req.ip ?? 'unknown';
    await this.throttle.assertAllowed(ip, username);
    const user = await this.users.authenticate(username, password);
    if (!user) {
      await this.throttle.recordFailure(ip, username);
      req.log?.info({ username }, 'login failed');
      throw new UnauthenticatedError(LOGIN_FAILED);
    }
    // The second factor (api/auth/two-factor): a wrong code counts as a failed login.
    const second = await this.twoFactor.checkAtLogin(user, otp);
    if (second === 'otp-required') return { otpRequired: true };
    if (second === 'refused') {
      await this.throttle.recordFailure(ip, username);
      req.log?.info({ username }, 'login failed: second factor');
      throw refusedCode();
    }
    await this.throttle.recordSuccess(username);
    // A new session id at login defeats session fixation.
    await regenerateSession(req);
    req.session.userId = user.id;
    req.session.csrfToken = newCsrfToken();
    setCsrfCookie(res, req.session.csrfToken, this.deps.config.env === 'production');
    req.user = this.twoFactor.applyPolicy(user);
    return { otpRequired: false, user: req.user };
  }

  async logout(req: Request, res: Response): Promise<void> {
    if (req.session) await destroySession(req);
    res.clearCookie('sessionid', { path: '/' });
    req.user = undefined;
  }

  async changePassword(user: User | undefined, { oldPassword, newPassword }: PasswordChange): Promise<void> {
    if (!user) throw new UnauthenticatedError();
    const errors: Record<string, string[]> = {};
    if (!oldPassword) errors.oldPassword = ['This field is required.'];
    if (!newPassword) errors.newPassword = ['This field is required.'];
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    await this.users.changePassword(user.id, oldPassword, newPassword);
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
});
