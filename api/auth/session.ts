import type { RequestHandler } from 'express';
import session from 'express-session';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { AppDeps } from '../deps';
import { UserService } from './user.service';

export const SESSION_COOKIE = 'sessionid';
const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;

export const sessionMiddleware = (deps: AppDeps): RequestHandler =>
  session({
    name: SESSION_COOKIE,
    secret: deps.config.sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: deps.config.env === 'production',
    store: new ConnectSessionKnexStore({ knex: deps.db, tableName: 'sessions', createTable: false, cleanupInterval: 0 }),
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
