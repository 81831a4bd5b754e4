import type { Logger } from 'pino';
import type { User } from '../user';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    csrfToken?: string;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The logged-in user, loaded once per request by the session middleware (or a token's superuser). */
      user?: User;
      /** A request made with an API token: the token and its grant (api/auth/api-tokens/bearer.ts). */
      apiToken?: { id: string; name: string; scope: 'read' | 'write'; areas: Array<'billing' | 'accounting' | 'all'> };
      /** The unparsed request body, kept for signature checks (Stripe webhooks). */
      rawBody?: Buffer;
      /** This request's id (api/platform/http/request-log.ts). */
      id?: string;
      /** A logger whose lines carry the request id. */
      log: Logger;
    }
  }
}

export {};
