import { daysBetween } from '../shared/dates';

/**
 * Aged receivables: what each client owes as of a day, by how long it is past due. The input is
 * the receivables balance per invoice as of that day (from the ledger), so the report's net total
 * is the Accounts Receivable balance by construction; tests check it against the balance sheet.
 */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export type BucketAmounts = Record<AgingBucket, number>;

/**
 * The buckets' upper edges in days past due; what lies beyond the last is over 90. The database
 * query buckets with these same edges (projections/ledger/receivables/queries.ts).
 */
export const AGING_EDGES: readonly { bucket: AgingBucket; maxDaysLate: number }[] = [
  { bucket: 'current', maxDaysLate: 0 },
  { bucket: 'days1to30', maxDaysLate: 30 },
  { bucket: 'days31to60', maxDaysLate: 60 },
  { bucket: 'days61to90', maxDaysLate: 90 },
];

/** Not yet due (or due today) is current; then 1–30, 31–60, 61–90 and over 90 days past due. */
export const bucketOf = (dueDate: string, asOf: string): AgingBucket => {
  const late = daysBetween(dueDate, asOf);
  return AGING_EDGES.find((e) => late <= e.maxDaysLate)?.bucket ?? 'over90';
};

/** A client's receivables in one bucket, or (`credit`) its invoices paid or credited beyond them. */
export interface AgingRow {
  clientId: string | null;
  clientName: string;
  bucket: AgingBucket | 'credit';
  cents: number;
}

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
  /** Of what it owes, what is open in other currencies than the euro, in those currencies (their cents). */
  foreign?: Array<{ currency: string; cents: number }>;
}

export interface AgedReceivables {
  asOf: string;
  clients: ClientAging[];
  totals: BucketAmounts & { owedCents: number; creditCents: number; netCents: number };
}

const zero = (): BucketAmounts => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 });

/**
 * An invoice's receivable as its aging row: a positive balance in its bucket, a negative one as
 * its client's credit balance; the receivable of an entry that names no invoice (a manual journal
 * line on Accounts Receivable) is current, under no client.
 */
export const agingRowOf = (item: Receivable, asOf: string): AgingRow => ({
  clientId: item.clientId,
  clientName: item.clientName,
  bucket: item.openCents < 0 ? 'credit' : item.dueDate ? bucketOf(item.dueDate, asOf) : 'current',
  cents: item.openCents,
});

/** Adds the rows up per client and in all; the net (owed less credit balances) is what was given. */
export const ageReceivables = (rows: AgingRow[], asOf: string): AgedReceivables => {
  const byClient = new Map<string, ClientAging>();
  for (const r of rows) {
    if (r.cents === 0) continue;
    const key = r.clientId ?? '';
    const row = byClient.get(key) ?? { clientId: r.clientId, clientName: r.clientName, buckets: zero(), owedCents: 0, creditCents: 0 };
    if (r.bucket === 'credit') row.creditCents += -r.cents;
    else {
      row.buckets[r.bucket] += r.cents;
      row.owedCents += r.cents;
    }
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

/** An invoice's receivable change on one day: the sum of its Accounts Receivable lines dated that day. */
export interface ReceivableChange {
  date: string;
  deltaCents: number;
}

/** How much an invoice's owed part (its balance when positive) and credit part (when negative) change on a day. */
export interface AgingStep {
  date: string;
  openCents: number;
  creditCents: number;
}

/**
 * An invoice's changes as changes of the two parts of its running balance: what is owed (the
 * positive part, aged by due date) and the credit balance (the negative part). Summed up to any
 * day they give the invoice's owed amount and credit as of that day. Unlike balances, which only
 * age correctly invoice by invoice, these steps can be added up per client and due date first.
 * Days whose change leaves both parts as they were give no step.
 */
export const agingSteps = (changes: readonly ReceivableChange[]): AgingStep[] => {
  const byDay = new Map<string, number>();
  for (const c of changes) byDay.set(c.date, (byDay.get(c.date) ?? 0) + c.deltaCents);
  const steps: AgingStep[] = [];
  let balance = 0;
  for (const date of [...byDay.keys()].sort()) {
    const next = balance + byDay.get(date)!;
    const openCents = Math.max(next, 0) - Math.max(balance, 0);
    const creditCents = Math.min(next, 0) - Math.min(balance, 0);
    if (openCents !== 0 || creditCents !== 0) steps.push({ date, openCents, creditCents });
    balance = next;
  }
  return steps;
};
