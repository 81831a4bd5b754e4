import type { Request } from 'express';

/**
 * The origin the caller used: scheme and host with port. Express 5's `req.protocol` and `req.host`
 * honour X-Forwarded-Proto/-Host only from the proxies `trust proxy` names (app.ts).
 */
export const requestOrigin = (req: Request): string | undefined => (req.host ? `${req.protocol}://${req.host}` : undefined);
