import type { RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { AppDeps } from '../deps';
import { UserService } from './user.service';

export const SESSION_COOKIE = 'sessionid';
const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;

const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * express-session touches the store at the end of every request, which would be one UPDATE per
 * page view. For a two-week expiry, refreshing it once per session every five minutes is plenty.
 */
class ThrottledTouchStore extends ConnectSessionKnexStore {
  private readonly touched = new Map<string, number>();

  override async touch(sid: string, session: SessionData, callback?: () => void): Promise<void> {
    const now = Date.now();
    if (now - (this.touched.get(sid) ?? 0) < TOUCH_INTERVAL_MS) {
      callback?.();
      return;
    }
    if (this.touched.size > 50_000) this.touched.clear();
    this.touched.set(sid, now);
    return super.touch(sid, session, callback);
  }

  override async destroy(sid: string, callback?: (err?: unknown) => void): Promise<number> {
    this.touched.delete(sid);
    return super.destroy(sid, callback);
  }
}

export const sessionMiddleware = (deps: AppDeps): RequestHandler =>
  session({
    name: SESSION_COOKIE,
    secret: deps.config.sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: deps.config.env === 'production',
    store: new ThrottledTouchStore({ knex: deps.db, tableName: 'sessions', createTable: false, cleanupInterval: 0 }),
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.env === 'production',
      maxAge: TWO_WEEKS_MS,
    },
  });

/** Loads req.user from the session once per request; a deleted user ends the session. */
export const loadUser = (deps: AppDeps): RequestHandler => {
  const users = new UserService(deps.db);
  return async (req, _res, next) => {
    try {
      const userId = req.session?.userId;
      if (userId) {
        req.user = await users.findById(userId);
        if (!req.user) delete req.session.userId;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
};

export const regenerateSession = (req: Parameters<RequestHandler>[0]): Promise<void> =>
  new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));

export const destroySession = (req: Parameters<RequestHandler>[0]): Promise<void> =>
  new Promise((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
