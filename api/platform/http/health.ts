import type { Express } from 'express';
import type { AppDeps } from '../deps';

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref())]);

const check = async (fn: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> => {
  try {
    await withTimeout(fn(), 2000);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
};

/**
 * /healthz: the process answers (liveness). /readyz: the database and the event store answer and
 * no projection is stopped on an error, so a load balancer only sends traffic that can succeed.
 */
export const mountHealth = (app: Express, deps: AppDeps): void => {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const [database, eventStore, projections] = await Promise.all([
      check(() => deps.db.raw('select 1')),
      check(() => deps.eventStore.headPosition()),
      check(async () => {
        const failed = (await deps.projections.status()).filter((s) => s.state === 'failed');
        if (failed.length) throw new Error(`stalled: ${failed.map((s) => s.name).join(', ')}`);
      }),
    ]);
    const ready = database.ok && eventStore.ok && projections.ok;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks: { database, eventStore, projections } });
  });
};
