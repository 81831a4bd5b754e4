import type { RequestHandler } from 'express';
import { ValidationError } from '../../../domain/shared/errors';

/** No form or API body of this product nests anywhere near this deep. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`;

/**
 * How deep a parsed JSON value nests, counted without recursion (a body of 20,000 nested arrays
 * parses, and a recursive walk of it overflows the stack); stops counting past `limit`.
 */
export const jsonDepth = (value: unknown, limit = MAX_JSON_DEPTH): number => {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node as Record<string, unknown>)) stack.push([child, level]);
  }
  return deepest;
};

/** Mounted right after the JSON parser: every later reader of `req.body` may walk it recursively. */
export const refuseDeepJson: RequestHandler = (req, _res, next) => {
  next(jsonDepth(req.body) > MAX_JSON_DEPTH ? new ValidationError(TOO_DEEP) : undefined);
};
