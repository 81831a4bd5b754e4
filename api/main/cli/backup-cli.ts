import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { importAll, exportAll } from '../operations/backup/backup';
import { loadConfig } from '../../platform/config';
import { migrate } from '../migrate';
import { openDatabase } from '../../platform/db/open';
import { createEventStore } from '../../../eventstore/create-event-store';

// npm run export -- --out DIR    |    npm run import -- --in DIR   (into an empty database)
const command = process.argv[2];
const { values } = parseArgs({ args: process.argv.slice(3), options: { out: { type: 'string' }, in: { type: 'string' } } });
const dir = command === 'export' ? values.out : values.in;
if ((command !== 'export' && command !== 'import') || !dir) {
  console.error('usage: npm run export -- --out DIR  |  npm run import -- --in DIR');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
try {
  await migrate(db);
  const store = await createEventStore(db, config);
  const summary = command === 'export' ? await exportAll(db, store, dir) : await importAll(db, store, dir);
  console.log(`${command}: ${summary.events} events, ${Object.entries(summary.tables).map(([t, n]) => `${t} ${n}`).join(', ')}`);
  console.log(command === 'import' ? 'Read models rebuild from the events when the server or a worker starts.' : `written to ${dir}`);
  await store.close();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
