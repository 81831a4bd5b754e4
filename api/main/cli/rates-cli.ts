import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { ExchangeRateService, downloadRates } from '../../currencies';
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db/open';
import { ValidationError } from '../../../domain/shared/errors';
import { migrate } from '../migrate';

// Usage: npm run rates -- import <file>   an ECB rate file (XML or CSV) from disk
//        npm run rates -- download <url>  the same from a URL (e.g. the ECB's eurofxref-daily.xml)
const [command, source] = process.argv.slice(2);
if ((command !== 'import' && command !== 'download') || !source) {
  console.error('usage: npm run rates -- import <file> | download <url>');
  process.exit(2);
}
const db = await openDatabase(loadConfig());
try {
  await migrate(db);
  const rates = new ExchangeRateService({ db, clock: () => new Date() });
  const answer = command === 'import' ? await rates.import(readFileSync(source), 'command line') : await downloadRates(source, rates, 'command line');
  console.log(`${answer.rates} rates of ${answer.currencies.length} currencies from ${answer.from} to ${answer.to}: ${answer.added} added, ${answer.changed} changed, ${answer.unchanged} unchanged.`);
} catch (err) {
  const fields = err instanceof ValidationError ? Object.values(err.fieldErrors ?? {}).flat() : [];
  console.error(fields.length ? fields.join('\n') : (err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
