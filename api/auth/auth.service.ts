import type { Request, Response } from 'express';
import type { UserWire } from '../contracts/rest.contract';
import { UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import type { AppDeps } from '../deps';
import { newCsrfToken, setCsrfCookie } from '../http/csrf';
import { LoginThrottle } from './login-throttle';
import { endSessionsOf } from './end-sessions';
import { destroySession, regenerateSession } from './session';
import { UserService, type User } from './user.service';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/** Session login, logout and password change: the one implementation behind REST and GraphQL. */
export class AuthService {
  readonly users: UserService;
  readonly throttle: LoginThrottle;

  constructor(private readonly deps: AppDeps) {
    this.users = new UserService(deps.db);
    this.throttle = new LoginThrottle(deps.db, deps.limits, deps.clock);
  }

  async login(req: Request, res: Response, { username, password }: Credentials): Promise<User> {
    if (!username || !password) {
      throw new ValidationError(LOGIN_FAILED, {
        ...(username ? {} : { username: ['This field is required.'] }),
        ...(password ? {} : { password: ['This field is required.'] }),
      });
    }
    const ip = req.ip ?? 'unknown';
    await this.throttle.begin(ip, username);
    const user = await this.users.authenticate(username, password);
    if (!user) {
      req.log?.info({ username }, 'login failed');
      throw new UnauthenticatedError(LOGIN_FAILED);
    }
    await this.throttle.succeeded(ip, username);
    // A new session id at login defeats session fixation.
    await this.startSession(req, res, user);
    return user;
  }

  private async startSession(req: Request, res: Response, user: User): Promise<void> {
    await regenerateSession(req);
    req.session.userId = user.id;
    req.session.csrfToken = newCsrfToken();
    setCsrfCookie(res, req.session.csrfToken, this.deps.config.env === 'production');
    req.user = user;
  }

  async logout(req: Request, res: Response): Promise<void> {
    if (req.session) await destroySession(req);
    res.clearCookie('sessionid', { path: '/' });
    req.user = undefined;
  }

  /**
   * A new password ends every session of the user (someone who knew the old one may hold one) and
   * goes on in a new session with a new id.
   */
  async changePassword(req: Request, res: Response, { oldPassword, newPassword }: PasswordChange): Promise<void> {
    const user = req.user;
    if (!user) throw new UnauthenticatedError();
    const errors: Record<string, string[]> = {};
    if (!oldPassword) errors.oldPassword = ['This field is required.'];
    if (!newPassword) errors.newPassword = ['This field is required.'];
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    await this.deps.db.transaction(async (trx) => {
      await new UserService(trx).changePassword(user.id, oldPassword, newPassword);
      await endSessionsOf(trx, user.id);
    });
    await this.startSession(req, res, user);
  }
}

/** A login attempt; blank fields are refused with the spec's message. */
export interface Credentials {
  username: string;
  password: string;
}

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
});
