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

  it('reads the sessions of requests arriving together in one query, each as an object of its own', async () => {
    const t = await backend.create();
    try {
      const store = new SessionStore(t.db);
      // The store dates a session's end from maxAge at write time: a negative one ended a second ago.
      // (maxAge 1 left a 1 ms window, which a quick read on PostgreSQL could fall inside.)
      const expired = { cookie: { originalMaxAge: -1000, maxAge: -1000, expires: new Date(Date.now() - 1000) } } as unknown as SessionData;
      await withCallback((cb) => store.set('sid-a', { ...sessionData(), userId: 'user-a' }, cb));
      await withCallback((cb) => store.set('sid-b', { ...sessionData(), userId: 'user-b' }, cb));
      await withCallback((cb) => store.set('sid-old', { ...expired, userId: 'user-old' }, cb));
      const reads: string[] = [];
      t.db.on('query', (q: { sql: string }) => {
        if (/from sessions/i.test(q.sql)) reads.push(q.sql);
      });

      const get = (sid: string) => withCallback<SessionData | null>((cb) => store.get(sid, cb)).then((r) => r.value);
      const [a1, a2, b, old, missing] = await Promise.all(['sid-a', 'sid-a', 'sid-b', 'sid-old', 'sid-none'].map(get));
      expect(reads).toHaveLength(1);
      expect(a1).toMatchObject({ userId: 'user-a' });
      expect(b).toMatchObject({ userId: 'user-b' });
      expect(old).toBeNull();
      expect(missing).toBeNull();
      // Two requests of one session must not share the object either of them may change.
      expect(a2).not.toBe(a1);
      a1!.userId = 'changed';
      expect(a2).toMatchObject({ userId: 'user-a' });

      // Nothing is kept between turns: a later read sees a later write.
      await withCallback((cb) => store.set('sid-b', { ...sessionData(), userId: 'user-b2' }, cb));
      expect(await get('sid-b')).toMatchObject({ userId: 'user-b2' });
      expect(reads).toHaveLength(2);
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
      let returned!: Promise<unknown>;
      expect((await withCallback((cb) => (returned = op(cb)))).err).toBeInstanceOf(Error);
      // The promise express-session drops settles without an error (a rejection would be unhandled).
      expect(await returned.then(() => 'fulfilled', (err: unknown) => err)).toBe('fulfilled');
    }
    await t.destroy();
  });
});
