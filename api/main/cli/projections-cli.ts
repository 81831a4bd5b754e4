import 'reflect-metadata';
import { loadConfig } from '../../platform/config';
import { migrate } from '../migrate';
import { openDatabase } from '../../platform/db/open';
import { createLogger } from '../../platform/logger';
import { createEventStore } from '../../../eventstore/create-event-store';
import { ProjectionEngine } from '../../../projections/engine';
import { rebuildProjection } from '../../../projections/rebuild';
import { projections, reactors } from '../read-models';
import { upcasters } from '../upcasters';
import { repairImpossibleDocuments } from '../operations/repair';

// Usage: npm run projections -- status | rebuild [name] | repair
// With the embedded database, stop the server first: PGlite's directory admits one process.
const [command, name] = process.argv.slice(2);
const usage = () => {
  console.error('usage: npm run projections -- status | rebuild [name] | repair');
  process.exitCode = 2;
};

const config = loadConfig();
const logger = createLogger({ env: config.env });
const db = await openDatabase(config);
try {
  await migrate(db);
  // Read as the server reads: a rebuild folds old events in their current shape.
  const store = await createEventStore(db, config, upcasters());
  if (command === 'status') {
    const engine = new ProjectionEngine({ db, store, logger, projections: projections(), reactors: reactors(config) });
    const statuses = await engine.status();
    for (const s of statuses) {
      const lag = `${s.lag}${s.lagCapped ? '+' : ''}`;
      const skipped = s.skipped || s.skippedResolved ? `skipped=${s.skipped}${s.skippedResolved ? ` (+${s.skippedResolved} annulled)` : ''}` : '';
      console.log([s.name.padEnd(28), s.kind.padEnd(10), `position=${s.position ?? '-'}`, `lag=${lag}`, skipped, s.lastError ? `error=${s.lastError}` : ''].filter(Boolean).join(' '));
    }
    // Skipped events leave read models incomplete: listed one per line, and the exit code says so.
    const open = statuses.flatMap((s) => s.skippedEvents);
    for (const e of open) console.log(`SKIPPED ${e.name} ${e.eventType} event=${e.eventId} stream=${e.streamId} position=${e.position} at=${e.skippedAt}: ${e.error}`);
    if (open.length > 0) {
      console.log('Read models are incomplete. `npm run projections -- repair` annuls documents whose amounts no number holds exactly; fix any other cause, then rebuild.');
      process.exitCode = 3;
    }
  } else if (command === 'rebuild') {
    const names = name ? [name] : projections().map((p) => p.name);
    for (const n of names) {
      const result = await rebuildProjection({ db, store, logger, projections: projections() }, n, { timeoutMs: 24 * 3600_000 });
      console.log(`${n}: ${result.caughtUp ? 'rebuilt' : 'NOT caught up (see status)'} in ${result.durationMs} ms`);
      if (!result.caughtUp) process.exitCode = 1;
    }
  } else if (command === 'repair') {
    // Annuls every invoice whose amounts no number holds exactly (written before amounts were
    // bounded), rebuilds every projection, and says what is left.
    const result = await repairImpossibleDocuments({ db, store, logger, projections: projections() });
    for (const a of result.annulled) console.log(`annulled invoice ${a.invoiceId} (${a.annuls.length} event${a.annuls.length === 1 ? '' : 's'}: ${a.annuls.join(', ')})`);
    for (const u of result.unrepairable) console.log(`NOT REPAIRED ${u.streamId}: ${u.eventType} ${u.eventId} holds an amount no number holds exactly`);
    for (const r of result.rebuilt) console.log(`${r.name}: ${r.caughtUp ? 'rebuilt' : 'NOT caught up (see status)'}`);
    console.log(result.annulled.length === 0 ? 'No invoice needed annulling.' : `${result.annulled.length} invoice(s) annulled.`);
    console.log(result.unresolved === 0 ? 'Every read model is complete.' : `${result.unresolved} skipped event(s) remain unresolved: see \`npm run projections -- status\`.`);
    if (result.unresolved > 0 || result.unrepairable.length > 0 || result.rebuilt.some((r) => !r.caughtUp)) process.exitCode = 3;
  } else usage();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
