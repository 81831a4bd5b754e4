/**
 * Reading a camt.053 bank statement: lines per second for a generated 10,000-line file (about
 * 15 MB, shaped like a real bank's: test/camt053-sample.ts), as an upload is read: bytes in,
 * through readStatementFile (size limit, text check, DOCTYPE/ENTITY guard, the streaming reader,
 * the balance check). No database.
 *
 *   npm run bench:bank-read
 *   BENCH_LINES=20000 npm run bench:bank-read
 *
 * Best of 3 runs, after one to warm up. Prints `camt053_read_lines_per_s: <n> lines/s`. Never fails
 * on time: the figure the import needs is kept by its issue, not by a test.
 */
import { performance } from 'node:perf_hooks';
import { readStatementFile } from '../domain/bank/statement-file';
import { camt053Sample } from '../test/camt053-sample';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const RUNS = 3;

const main = (): void => {
  const sample = camt053Sample(LINES);
  const bytes = Buffer.from(sample.xml, 'utf8');
  const read = (): number => {
    const lines = readStatementFile(bytes).lines.length;
    if (lines !== sample.lines) throw new Error(`read ${lines} lines of ${sample.lines}`);
    return lines;
  };
  read();
  let best = Infinity;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    read();
    best = Math.min(best, performance.now() - start);
  }
  console.log(`camt053_read_lines_per_s: ${Math.round(sample.lines / (best / 1000))} lines/s`);
};

main();
