import { createScratchDatabase } from '../test/db';

/**
 * Where a benchmark runs: real PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set (figures
 * under their plain names), else embedded PGlite (names prefixed `pglite_`).
 */
export const benchTarget = (): { url?: string; prefix: string } => {
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  return { url, prefix: url ? '' : 'pglite_' };
};

/** A fresh database on the server of `url`, dropped by the returned function. */
export const scratchDatabase = createScratchDatabase;

export const figure = (prefix: string, name: string, value: number, unit: string): void => {
  console.log(`${prefix}${name}: ${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`);
};

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight. */
export const runPool = async (count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
};
