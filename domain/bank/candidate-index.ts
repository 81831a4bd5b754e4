import { compact, nameWords, numberKeys, textKeys } from './match-text';
import type { Reconciliation } from './reconciliation-parts';

/**
 * What a statement line may be matched against, as the adapter reads it once per import, and the
 * index that finds the few that matter for a line without looking at the rest: by creditor
 * reference, by invoice number, by amount, by client IBAN and by the words of client names; open
 * bills by the supplier's invoice number, amount and the supplier's IBAN.
 */

export interface InvoiceCandidate {
  id: string;
  number: string;
  clientId: string;
  clientName: string;
  /** The IBANs this client has paid from before, or has on file. */
  clientIbans: readonly string[];
  openCents: number;
  /** YYYY-MM-DD: among equals, the oldest debt is proposed first. */
  dueDate: string;
  /** The invoice's RF creditor reference; null for an invoice issued before they existed. */
  creditorReference: string | null;
}

/** A money movement in the books not yet on a statement, signed as the bank sees it. */
export interface MovementCandidate {
  id: string;
  amountCents: number;
  date: string;
  /** What the movement is known by (a payout's id, a payment's reference), when it has one. */
  reference: string | null;
  clientId: string | null;
  clientName: string | null;
}

/** A posted supplier's bill with something open: what money out may pay. */
export interface BillCandidate {
  id: string;
  /** The supplier's own number of the invoice. */
  number: string;
  supplierId: string;
  supplierName: string;
  supplierIban: string | null;
  openCents: number;
  dueDate: string;
}

export interface Candidates {
  invoices: readonly InvoiceCandidate[];
  movements: readonly MovementCandidate[];
  bills?: readonly BillCandidate[];
}

export interface CandidateIndex {
  invoices: Map<string, InvoiceCandidate>;
  /** What is open of each invoice now: lowered as lines of the same import reconcile them. */
  open: Map<string, number>;
  byReference: Map<string, string[]>;
  byNumberKey: Map<string, string[]>;
  /** Invoice ids by open amount, oldest due first. */
  byAmount: Map<number, string[]>;
  /** Invoice ids by client, oldest due first. */
  byClient: Map<string, string[]>;
  clientsByIban: Map<string, Set<string>>;
  clientsByWord: Map<string, Set<string>>;
  clientWords: Map<string, string[]>;
  movements: Map<string, MovementCandidate>;
  movementsByAmount: Map<number, string[]>;
  movementsByKey: Map<string, string[]>;
  reconciledMovements: Set<string>;
  bills: Map<string, BillCandidate>;
  /** What is open of each bill now (positive: owed), lowered as lines of the same import pay them. */
  billOpen: Map<string, number>;
  billsByNumberKey: Map<string, string[]>;
  /** Bill ids by open amount, oldest due first. */
  billsByAmount: Map<number, string[]>;
  /** Bill ids by the supplier's IBAN, oldest due first. */
  billsByIban: Map<string, string[]>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

const addTo = <K, V>(map: Map<K, Set<V>>, key: K, value: V): void => {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
};

/** Built once per import; each line is then matched in time that does not grow with the candidates. */
export const buildCandidateIndex = (candidates: Candidates): CandidateIndex => {
  const index: CandidateIndex = {
    invoices: new Map(),
    open: new Map(),
    byReference: new Map(),
    byNumberKey: new Map(),
    byAmount: new Map(),
    byClient: new Map(),
    clientsByIban: new Map(),
    clientsByWord: new Map(),
    clientWords: new Map(),
    movements: new Map(),
    movementsByAmount: new Map(),
    movementsByKey: new Map(),
    reconciledMovements: new Set(),
    bills: new Map(),
    billOpen: new Map(),
    billsByNumberKey: new Map(),
    billsByAmount: new Map(),
    billsByIban: new Map(),
  };
  const sorted = candidates.invoices.filter((c) => c.openCents > 0).sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  for (const c of sorted) {
    if (index.invoices.has(c.id)) continue;
    index.invoices.set(c.id, c);
    index.open.set(c.id, c.openCents);
    if (c.creditorReference) push(index.byReference, compact(c.creditorReference), c.id);
    for (const key of numberKeys(c.number)) push(index.byNumberKey, key, c.id);
    push(index.byAmount, c.openCents, c.id);
    push(index.byClient, c.clientId, c.id);
    for (const iban of c.clientIbans) addTo(index.clientsByIban, compact(iban), c.clientId);
    if (!index.clientWords.has(c.clientId)) {
      const words = nameWords(c.clientName);
      index.clientWords.set(c.clientId, words);
      for (const w of words) addTo(index.clientsByWord, w, c.clientId);
    }
  }
  for (const m of candidates.movements) {
    if (m.amountCents === 0 || index.movements.has(m.id)) continue;
    index.movements.set(m.id, m);
    push(index.movementsByAmount, m.amountCents, m.id);
    if (m.reference) for (const key of textKeys(m.reference)) push(index.movementsByKey, key, m.id);
    if (m.clientId && m.clientName && !index.clientWords.has(m.clientId)) {
      const words = nameWords(m.clientName);
      index.clientWords.set(m.clientId, words);
      for (const w of words) addTo(index.clientsByWord, w, m.clientId);
    }
  }
  const bills = (candidates.bills ?? []).filter((b) => b.openCents > 0).sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  for (const b of bills) {
    if (index.bills.has(b.id)) continue;
    index.bills.set(b.id, b);
    index.billOpen.set(b.id, b.openCents);
    for (const key of numberKeys(b.number)) push(index.billsByNumberKey, key, b.id);
    push(index.billsByAmount, b.openCents, b.id);
    if (b.supplierIban) push(index.billsByIban, compact(b.supplierIban), b.id);
  }
  return index;
};

/** What is open of a bill in the index now (0 once paid or unknown). */
export const billOpenOf = (index: CandidateIndex, billId: string): number => index.billOpen.get(billId) ?? 0;

/** What is open of an invoice in the index now (0 once paid or unknown). */
export const openOf = (index: CandidateIndex, invoiceId: string): number => index.open.get(invoiceId) ?? 0;

/**
 * Takes a reconciliation made during the import into the index, so the next line of the same
 * file sees the invoice or bill as it now is: what it paid is no longer open, its movements are taken.
 */
export const recordInIndex = (index: CandidateIndex, reconciliation: Reconciliation): void => {
  for (const part of reconciliation.parts) {
    if (part.kind === 'invoice' && index.open.has(part.invoiceId)) index.open.set(part.invoiceId, Math.max(0, openOf(index, part.invoiceId) - part.cents));
    if (part.kind === 'movement') index.reconciledMovements.add(part.movementId);
    // A bill part is money out (negative): it lowers what the bill owes by its size.
    if (part.kind === 'bill' && index.billOpen.has(part.billId)) index.billOpen.set(part.billId, Math.max(0, billOpenOf(index, part.billId) + part.cents));
  }
};
