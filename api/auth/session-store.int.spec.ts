import type { SessionData } from 'express-session';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { SessionStore } from './session';

const sessionData = (): SessionData => ({ cookie: { originalMaxAge: 60_000, maxAge: 60_000, expires: new Date(Date.now() + 60_000) } }) as unknown as SessionData;
const withCallback = <T>(call: (cb: (err: unknown, value?: T) => void) => unknown) =>
  new Promise<{ err: unknown; value?: T }>((resolve) => {
    call((err, value) => resolve({ err, value }));
  });

describe.each(testBackends())('session store ($name)', (backend) => {
  it('stores, reads back with its user, and destroys a session', async () => {
    const t = await backend.create();
    try {
      const store = new SessionStore(t.db);
      expect((await withCallback<void>((cb) => store.set('sid-1', { ...sessionData(), userId: 'not-a-user' }, cb))).err).toBeFalsy();
      const read = await withCallback<SessionData | null>((cb) => store.get('sid-1', cb));
      expect(read.err).toBeNull();
      expect(read.value).toMatchObject({ userId: 'not-a-user' });
      await withCallback((cb) => store.destroy('sid-1', cb));
      expect((await withCallback<SessionData | null>((cb) => store.get('sid-1', cb))).value).toBeNull();
    } finally {
      await t.destroy();
    }
  });

  // express-session passes callbacks and ignores returned promises: a database failure must reach
  // the callback and nothing else (an unhandled rejection would end the server; vitest fails the
  // run on one).
  it('hands a database failure to the callback only', async () => {
    const t = await backend.create();
    const store = new SessionStore(t.db);
    // Every statement of the store now fails.
    await t.db.schema.dropTable('sessions');
    for (const op of [
      (cb: (err: unknown) => void) => store.get('sid-2', cb),
      (cb: (err: unknown) => void) => store.set('sid-2', sessionData(), cb),
      (cb: (err: unknown) => void) => store.touch('sid-2', sessionData(), cb as () => void),
      (cb: (err: unknown) => void) => store.destroy('sid-2', cb),
    ]) {
      expect((await withCallback(op)).err).toBeInstanceOf(Error);
    }
    await new Promise((r) => setTimeout(r, 50));
    await t.destroy();
  });
});
