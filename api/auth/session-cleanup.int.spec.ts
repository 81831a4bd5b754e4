import { describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { deleteExpiredSessions } from './session-cleanup';

describe.each(testBackends())('expired session cleanup ($name)', (backend) => {
  it('deletes the sessions past their expiry and keeps the live ones', async () => {
    const t = await backend.create();
    try {
      const at = (ms: number) => new Date(Date.now() + ms);
      await t.db('sessions').insert([
        { sid: 'expired-1', sess: JSON.stringify({ userId: 'x' }), expired: at(-60_000) },
        { sid: 'expired-2', sess: JSON.stringify({}), expired: at(-1_000) },
        { sid: 'live', sess: JSON.stringify({ userId: 'y' }), expired: at(60_000) },
      ]);
      expect(await deleteExpiredSessions(t.db)).toBe(2);
      expect((await t.db('sessions').select('sid')).map((r: { sid: string }) => r.sid)).toEqual(['live']);
      expect(await deleteExpiredSessions(t.db)).toBe(0);
    } finally {
      await t.destroy();
    }
  });
});
