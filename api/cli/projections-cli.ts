import 'reflect-metadata';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createLogger } from '../logger';
import { createEventStore } from '../../eventstore/create-event-store';
import { ProjectionEngine } from '../../projections/engine';
import { rebuildProjection } from '../../projections/rebuild';
import { projections, reactors } from '../read-models';

// Usage: npm run projections -- status | rebuild [name]
// With the embedded database, stop the server first: PGlite's directory admits one process.
const [command, name] = process.argv.slice(2);
const usage = () => {
  console.error('usage: npm run projections -- status | rebuild [name]');
  process.exitCode = 2;
};

const config = loadConfig();
const logger = createLogger({ env: config.env });
const db = await openDatabase(config);
try {
  await migrate(db);
  const store = await createEventStore(db, config);
  if (command === 'status') {
    const engine = new ProjectionEngine({ db, store, logger, projections: projections(), reactors: reactors(config) });
    for (const s of await engine.status()) {
      const lag = `${s.lag}${s.lagCapped ? '+' : ''}`;
      console.log([s.name.padEnd(28), s.kind.padEnd(10), `position=${s.position ?? '-'}`, `lag=${lag}`, s.lastError ? `error=${s.lastError}` : ''].join(' ').trimEnd());
    }
  } else if (command === 'rebuild') {
    const names = name ? [name] : projections().map((p) => p.name);
    for (const n of names) {
      const result = await rebuildProjection({ db, store, logger, projections: projections() }, n, { timeoutMs: 24 * 3600_000 });
      console.log(`${n}: ${result.caughtUp ? 'rebuilt' : 'NOT caught up (see status)'} in ${result.durationMs} ms`);
      if (!result.caughtUp) process.exitCode = 1;
    }
  } else usage();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
