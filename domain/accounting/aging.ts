import { daysBetween } from '../shared/dates';

/**
 * Aged receivables: what each client owes as of a day, by how long it is past due. The input is
 * the receivables balance per invoice as of that day (from the ledger), so the report's net total
 * is the Accounts Receivable balance by construction; tests check it against the balance sheet.
 */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export type BucketAmounts = Record<AgingBucket, number>;

/** Not yet due (or due today) is current; then 1–30, 31–60, 61–90 and over 90 days past due. */
export const bucketOf = (dueDate: string, asOf: string): AgingBucket => {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
};

/** One invoice's receivable as of the day: positive is owed, negative was paid or credited beyond it. */
export interface Receivable {
  clientId: string | null;
  clientName: string;
  invoiceId: string | null;
  dueDate: string | null;
  openCents: number;
}

export interface ClientAging {
  clientId: string | null;
  clientName: string;
  buckets: BucketAmounts;
  /** What the client owes (sum of the buckets). */
  owedCents: number;
  /** Paid or credited beyond its invoices: the client's credit balance, shown apart. */
  creditCents: number;
}

export interface AgedReceivables {
  asOf: string;
  clients: ClientAging[];
  totals: BucketAmounts & { owedCents: number; creditCents: number; netCents: number };
}

const zero = (): BucketAmounts => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 });

/**
 * Ages what is owed. An invoice's positive balance goes to its bucket; a negative one (overpaid,
 * credited after payment) to its client's credit balance; the receivable of an entry that names no
 * invoice (a manual journal line on Accounts Receivable) is aged as current under no client.
 */
export const ageReceivables = (items: Receivable[], asOf: string): AgedReceivables => {
  const byClient = new Map<string, ClientAging>();
  for (const item of items) {
    if (item.openCents === 0) continue;
    const key = item.clientId ?? '';
    const row = byClient.get(key) ?? { clientId: item.clientId, clientName: item.clientName, buckets: zero(), owedCents: 0, creditCents: 0 };
    if (item.openCents > 0) {
      row.buckets[item.dueDate ? bucketOf(item.dueDate, asOf) : 'current'] += item.openCents;
      row.owedCents += item.openCents;
    } else row.creditCents += -item.openCents;
    byClient.set(key, row);
  }
  const clients = [...byClient.values()].sort((a, b) => b.owedCents - a.owedCents || a.clientName.localeCompare(b.clientName));
  const totals = { ...zero(), owedCents: 0, creditCents: 0, netCents: 0 };
  for (const c of clients) {
    for (const b of AGING_BUCKETS) totals[b] += c.buckets[b];
    totals.owedCents += c.owedCents;
    totals.creditCents += c.creditCents;
  }
  totals.netCents = totals.owedCents - totals.creditCents;
  return { asOf, clients, totals };
};
