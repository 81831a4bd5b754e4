import type { Request, RequestHandler } from 'express';
import DataLoader from 'dataloader';
import session, { type SessionData } from 'express-session';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { Knex } from 'knex';
import { ALL_TABLE_VERSIONS_SQL, tableVersionsOf } from '../platform/db/table-versions';
import { type TableVersions } from '../platform/db/table-version-map';
import type { AppDeps } from '../platform/deps';
import { rememberTableVersions } from '../platform/http/request-context';
import { sessionSecretOf } from './session-secret';
import { type User } from '../platform/user';
import { UserService } from './user.service';

export const SESSION_COOKIE = 'sessionid';
const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;

const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** The user read together with a session, handed from the store to loadUser. */
const LOADED_USER = Symbol('user loaded with the session');
type LoadedSession = SessionData & { [LOADED_USER]?: User | null };
const loadedUsers = new WeakMap<Request, User | null>();

/**
 * The live sessions among `sids`, each with its user, and the table versions of this moment (which
 * read-only requests use to validate cached reads, see TableVersionedCache). One query serves all
 * the requests that arrived in the same turn of the event loop (see SessionStore).
 */
const SESSIONS_SQL = `
  select s.sid, s.sess, u.id as user_id, u.username, u.email, u.is_superuser, u.client_id, u.language, u.two_factor_enabled, u.password_change_required,
         ${ALL_TABLE_VERSIONS_SQL} as versions
    from sessions s
    left join users u
      on u.id = case when s.sess->>'userId' ~ '^[0-9a-fA-F-]{36}$' then (s.sess->>'userId')::uuid end
   where s.sid = any(?::text[]) and s.expired > now()`;

interface SessionRow {
  sid: string;
  sess: SessionData | string;
  user_id: string | null;
  username: string;
  email: string | null;
  is_superuser: boolean;
  client_id: string | null;
  language: string;
  two_factor_enabled: boolean;
  password_change_required: boolean;
  versions: TableVersions | string;
}

/**
 * express-session calls the store with callbacks and ignores the promises it returns, while the
 * knex store reports a failure both ways: a database error during a session read or write would
 * then also be an unhandled rejection, which ends the process. With a callback, the error goes
 * to the callback only (and on to the error middleware: 503 when the database is gone).
 */
const settle = async <T>(work: Promise<T>, callback?: (err: unknown, value?: T) => void): Promise<T | undefined> => {
  if (!callback) return work;
  let value: T;
  try {
    value = await work;
  } catch (err) {
    callback(err);
    return undefined;
  }
  callback(null, value);
  return value;
};

/**
 * The knex session store, with two changes: `get` reads the session's user and the table versions
 * in the same query, and `touch` is throttled: express-session touches the store at the end of
 * every request, which would be one UPDATE per page view, while for a two-week expiry refreshing
 * it once per session every five minutes is plenty.
 */
export class SessionStore extends ConnectSessionKnexStore {
  private readonly touched = new Map<string, number>();

  constructor(private readonly db: Knex) {
    super({ knex: db, tableName: 'sessions', createTable: false, cleanupInterval: 0 });
  }

  override async get(sid: string, callback?: (err: unknown, session?: SessionData | null) => void): Promise<SessionData | null> {
    return (await settle(this.readSession(sid), callback)) ?? null;
  }

  /**
   * Session reads of the requests that arrived in one turn of the event loop (the poll phase hands
   * over every socket that has data) go to the database as one query, run once that turn is over.
   * Under load that is one round trip for many requests instead of one each; each request still
   * reads the database after it arrived, so it sees every write answered before it was sent.
   */
  private readonly sessions = new DataLoader<string, SessionRow | undefined>(
    async (sids) => {
      // Named: PostgreSQL prepares it once per connection instead of planning it on every batch.
      const { rows } = (await this.db.raw(SESSIONS_SQL, [[...sids]]).options({ name: 'sessions_with_users' })) as { rows: SessionRow[] };
      const bySid = new Map(rows.map((row) => [row.sid, row]));
      return sids.map((sid) => bySid.get(sid));
    },
    { cache: false, maxBatchSize: 200, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );

  private async readSession(sid: string): Promise<SessionData | null> {
    const row = await this.sessions.load(sid);
    if (!row) return null;
    rememberTableVersions(tableVersionsOf(row.versions));
    // Parsed per request: each request gets a session object of its own to change.
    const sess: LoadedSession = typeof row.sess === 'string' ? JSON.parse(row.sess) : structuredClone(row.sess);
    const { user_id, username, email, is_superuser, client_id, language, two_factor_enabled, password_change_required } = row;
    Object.defineProperty(sess, LOADED_USER, {
      value: user_id ? { id: user_id, username, email, is_superuser, client_id, language, two_factor_enabled, password_change_required } : null,
      enumerable: false,
    });
    return sess;
  }

  override async set(sid: string, session: SessionData, callback?: (err?: unknown) => void): Promise<void> {
    await settle(super.set(sid, session), callback);
  }

  override createSession(req: Request, sess: SessionData): session.Session & Partial<SessionData> {
    const loaded = (sess as LoadedSession)[LOADED_USER];
    if (loaded !== undefined) loadedUsers.set(req, loaded);
    return super.createSession(req, sess);
  }

  override async touch(sid: string, session: SessionData, callback?: () => void): Promise<void> {
    const now = Date.now();
    if (now - (this.touched.get(sid) ?? 0) < TOUCH_INTERVAL_MS) {
      callback?.();
      return;
    }
    if (this.touched.size > 50_000) this.touched.clear();
    this.touched.set(sid, now);
    await settle(super.touch(sid, session), callback);
  }

  override async destroy(sid: string, callback?: (err?: unknown) => void): Promise<number> {
    this.touched.delete(sid);
    return (await settle(super.destroy(sid), callback)) ?? 0;
  }
}

export const sessionMiddleware = (deps: AppDeps): RequestHandler =>
  session({
    name: SESSION_COOKIE,
    secret: sessionSecretOf(deps.config),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    store: new SessionStore(deps.db),
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.env === 'production',
      maxAge: TWO_WEEKS_MS,
    },
  });

/** Sets req.user from the session once per request (read with it); a deleted user ends the session. */
export const loadUser = (deps: AppDeps): RequestHandler => {
  const users = new UserService(deps.db);
  return async (req, _res, next) => {
    try {
      const userId = req.session?.userId;
      if (userId) {
        const loaded = loadedUsers.get(req);
        req.user = loaded !== undefined && loaded?.id === userId ? loaded : await users.findById(userId);
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
