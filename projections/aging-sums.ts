import { addDays } from '../domain/shared/dates';

/** Aging edges as domain/accounting/aging has them: a bucket holds what is at most `maxDaysLate` days past due. */
export type AgingEdges = readonly { bucket: string; maxDaysLate: number }[];

/**
 * The filtered sums that age an amount per party in one grouped scan (the receivables' and the
 * payables' reports): column `b<i>` sums `amount` where `dueDate` falls in bucket i, the edges'
 * buckets then `lastBucket`. Bucket i is due on or after asOf − maxDaysLate(i) and before the
 * previous edge's day, so the hash table holds a row per party, not per party and bucket.
 * `where` narrows every bucket (a credit note's amount kept apart); `noDueDateFirst` counts an
 * amount without a due date in the first bucket. The day bounds are named bindings `from<i>`.
 */
export const agingBucketSums = (options: { asOf: string; edges: AgingEdges; lastBucket: string; amount: string; dueDate: string; where?: string; noDueDateFirst?: boolean }) => {
  const { asOf, edges, lastBucket, amount, dueDate } = options;
  const bindings: Record<string, string> = {};
  edges.forEach((e, i) => (bindings[`from${i}`] = addDays(asOf, -e.maxDaysLate)));
  const names = [...edges.map((e) => e.bucket), lastBucket];
  const columns = names.map((_, i) => {
    const range = [i < edges.length ? `${dueDate} >= cast(:from${i} as date)` : '', i > 0 ? `${dueDate} < cast(:from${i - 1} as date)` : ''].filter(Boolean).join(' and ') || 'true';
    const due = `${i === 0 && options.noDueDateFirst ? `${dueDate} is null or ` : ''}(${range})`;
    return `sum(${amount}) filter (where ${options.where ? `${options.where} and ` : ''}(${due})) as b${i}`;
  });
  /** Each bucket's sum of a row the columns gave, by the bucket's name. */
  const bucketsOf = (row: Record<string, unknown>): Array<[bucket: string, cents: number]> => names.map((bucket, i) => [bucket, Number(row[`b${i}`] ?? 0)]);
  return { bindings, columns, bucketsOf };
};
