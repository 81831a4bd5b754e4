import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../../test/db';
import { TableVersionedCache } from './table-versions';

describe.each(testBackends())('table-versioned cache ($name)', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await backend.create();
  });
  afterAll(() => t.destroy());

  const names = async () => (await t.db('clients').orderBy('name').select('name')).map((r: { name: string }) => r.name);
  const addClient = (name: string) => t.db('clients').insert({ id: randomUUID(), name, email: `${name}@example.com` });

  it('reuses a result until any statement writes to a tracked table, however it is written', async () => {
    const cache = new TableVersionedCache<string[]>(t.db, ['clients', 'invoice_list']);
    let computed = 0;
    const read = () => cache.get('all', async () => (computed++, names()));

    await addClient('a');
    expect(await read()).toEqual(['a']);
    expect(await read()).toEqual(['a']);
    expect(computed).toBe(1);

    await addClient('b');
    expect(await read()).toEqual(['a', 'b']);
    expect(computed).toBe(2);

    await t.db('clients').where({ name: 'b' }).update({ name: 'c' });
    expect(await read()).toEqual(['a', 'c']);
    await t.db.transaction(async (trx) => {
      await trx('clients').where({ name: 'a' }).delete();
    });
    expect(await read()).toEqual(['c']);
    await t.db.raw('truncate clients cascade');
    expect(await read()).toEqual([]);
    expect(computed).toBe(5);

    // A rolled-back write changes nothing, so the cached result stays.
    await t.db
      .transaction(async (trx) => {
        await trx('clients').insert({ id: randomUUID(), name: 'x', email: 'x@example.com' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await read()).toEqual([]);
    expect(computed).toBe(5);

    // A write to another tracked table invalidates too; one to an untracked table does not.
    await t.db('invoice_list').delete();
    await read();
    expect(computed).toBe(6);
    await t.db('products').insert({ id: randomUUID(), name: 'p', price_cents: 100 });
    await read();
    expect(computed).toBe(6);
  });

  it('shares one computation between concurrent misses, keeps keys apart, and never keeps a failure', async () => {
    const cache = new TableVersionedCache<{ key: string }>(t.db, ['clients']);
    let computed = 0;
    const slow = (key: string) => () => new Promise<{ key: string }>((r) => setTimeout(() => r({ key: `${key}${++computed}` }), 20));
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', slow('k'))));
    expect(new Set(results.map((r) => r.key))).toEqual(new Set(['k1']));
    expect((await cache.get('other', slow('other'))).key).toBe('other2');

    await expect(cache.get('failing', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('failing', async () => ({ key: 'recovered' }))).toEqual({ key: 'recovered' });
  });

  it('hands out frozen results, so no caller can change what the next one gets', async () => {
    const cache = new TableVersionedCache<{ items: { n: number }[] }>(t.db, ['clients']);
    const result = await cache.get('frozen', async () => ({ items: [{ n: 1 }] }));
    expect(() => {
      (result.items[0] as { n: number }).n = 2;
    }).toThrow(TypeError);
  });
});
