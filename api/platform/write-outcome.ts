import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../../domain/shared/errors';
import type { Position } from '../../eventstore/event-store';
import { appendedInRequest, notePending, pendingInRequest } from './http/request-context';

/**
 * Once a request's events are appended, the command has happened, whatever goes wrong after: the
 * wait for the read models (a restarting database, a stopped worker) or the read of the answer. A
 * 503 "please try again" would then invite a duplicate, and a 404 would deny what was saved. So:
 *
 * - the write path marks the request pending when the wait fails or runs out (`readModelsReach`)
 *   and says so in its outcome (`Handled.visible`);
 * - `answerAfterWrite` answers from what was written when the read of the answer fails, a "not
 *   found" included (after a wait that ran out the read models may not have the write yet);
 * - REST adds `"pending": true` to a JSON object answer (`pendingAnswers`), GraphQL the response
 *   extension `pending: true` (`pendingExtension`);
 * - an error that still escapes after an append (one that does not refuse the request: a lost
 *   connection, a missing read-model row, a fault) becomes `savedAnswer`: REST 202 with the ids,
 *   GraphQL the error code SAVED_PENDING. Refusals (400, 403, 409) stay what they are.
 *
 * Each is reported as a warning in the log.
 */
export const SAVED_PENDING_MESSAGE = 'Saved. It may take a moment before it shows everywhere; do not send it again.';

/**
 * The bounded read-your-writes wait after an append: true once the read models have the append;
 * false, with the request's answer marked pending, when the wait runs out or fails (it never throws).
 */
export const readModelsReach = async (wait: () => Promise<unknown>, logger: Logger | undefined): Promise<boolean> => {
  try {
    if ((await wait()) !== false) return true;
  } catch (err) {
    logger?.warn({ err }, 'the wait for the read models failed after an append; answering it as pending');
  }
  notePending();
  return false;
};

/** The ids of the streams the current request appended to (`invoice-<id>` → `<id>`), first first. */
const appendedIds = (): string[] => [...new Set(appendedInRequest().map((stream) => stream.slice(stream.indexOf('-') + 1)))];

/** What the write path reports of a write (its `Handled`): where it appended, if it did. */
export interface WriteOutcome {
  /** Undefined when the write appended nothing. */
  position?: Position;
}

/**
 * Reads the answer to a write; when the write appended and the read fails (a read model that does
 * not have it yet answers "not found"), logs it, marks the answer pending and answers `fallback()`
 * (built from the events written) instead. Whether the write appended is `outcome`'s to say (the
 * write path's `Handled`), so the answer is the same in a request, a job or a test; without it,
 * what the current request noted (nothing, outside a request).
 */
export const answerAfterWrite = async <T>(logger: Logger, read: () => Promise<T>, fallback: () => T | Promise<T>, outcome?: WriteOutcome): Promise<T> => {
  const appended = outcome ? outcome.position !== undefined : appendedInRequest().length > 0;
  if (!appended) return read();
  try {
    return await read();
  } catch (err) {
    logger.warn({ err, appended: appendedInRequest() }, 'the answer to a saved write could not be read; answering from what was written, as pending');
    notePending();
    return fallback();
  }
};

/** Whether an error raised after an append fails to answer (rather than refusing a later step). */
const failsToAnswer = (err: unknown): boolean => !(err instanceof AppError) || err.code === 'NOT_FOUND' || err.code === 'UNAVAILABLE';

export interface SavedAnswer {
  message: string;
  pending: true;
  /** The saved record's id (the first stream the request appended to). */
  id: string;
  ids: string[];
}

/** The answer to an error after the request appended, when it is not a refusal; undefined otherwise. */
export const savedAnswer = (err: unknown, logger: Logger | undefined): SavedAnswer | undefined => {
  const ids = appendedIds();
  if (ids.length === 0 || !failsToAnswer(err)) return undefined;
  logger?.warn({ err, appended: appendedInRequest() }, 'a saved write failed to answer; answered as saved and pending');
  notePending();
  return { message: SAVED_PENDING_MESSAGE, pending: true, id: ids[0]!, ids };
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** REST: a successful JSON object answer of a request whose write is not visible yet gets `"pending": true`. */
export const pendingAnswers: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => json(pendingInRequest() && res.statusCode < 300 && isObject(body) && !('pending' in body) ? { ...body, pending: true } : body);
  next();
};

/** GraphQL: the response extension `pending: true` when a mutation's write is not visible yet. */
export const pendingExtension = (): ApolloServerPlugin => ({
  requestDidStart: async () => ({
    willSendResponse: async ({ response }) => {
      if (!pendingInRequest() || response.body.kind !== 'single') return;
      response.body.singleResult.extensions = { ...response.body.singleResult.extensions, pending: true };
    },
  }),
});
