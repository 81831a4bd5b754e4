import type { RequestHandler, Router } from 'express';

/** What `firstSegments` reads of an express (router 2) layer. */
interface LayerLike {
  route?: { path?: unknown };
  rawPath?: unknown;
  slash?: boolean;
  handle?: { stack?: LayerLike[] };
}

const FIRST_SEGMENT = /^\/([^/:*?(){}\\]+)(?:\/|$)/;

/**
 * The first path segments (lower-cased: routing ignores case) under which every layer of `stack`
 * lies, or undefined when some layer could take a path outside them (a middleware for all paths,
 * a parameter or pattern in first place, or a layer whose path cannot be read).
 */
const firstSegments = (stack: LayerLike[] | undefined): Set<string> | undefined => {
  if (!Array.isArray(stack)) return undefined;
  const segments = new Set<string>();
  for (const layer of stack) {
    if (layer.slash && layer.handle?.stack) {
      const nested = firstSegments(layer.handle.stack);
      if (!nested) return undefined;
      nested.forEach((s) => segments.add(s));
      continue;
    }
    for (const path of [layer.route ? layer.route.path : layer.rawPath].flat()) {
      const match = typeof path === 'string' ? FIRST_SEGMENT.exec(path) : null;
      if (!match) return undefined;
      segments.add(match[1]!.toLowerCase());
    }
  }
  return segments;
};

/**
 * `router`, entered only by requests whose path starts with a segment one of its routes starts
 * with. Express hands every request to every router mounted without a path, which walks all its
 * routes before passing the request on: the invoice list went through every auth, site, payment,
 * portal, accounting, client, product and subscription route first. Nothing is stripped from the
 * path (the routes keep their full paths), and a router with a route or middleware that could
 * match elsewhere is returned as it is.
 */
export const enteredUnder = (router: Router): RequestHandler => {
  const segments = firstSegments((router as unknown as { stack?: LayerLike[] }).stack);
  if (!segments) return router;
  const narrowed: RequestHandler = (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    const first = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
    return segments.has(first) ? router(req, res, next) : next();
  };
  // The router's routes stay visible to whatever lists an app's routes by walking its stacks.
  return Object.assign(narrowed, { stack: (router as unknown as { stack: LayerLike[] }).stack });
};
