import { billOpenOf, openOf, type BillCandidate, type CandidateIndex, type InvoiceCandidate } from './candidate-index';
import { findCreditorReferences } from './creditor-reference';
import { compact, nameSimilarity, nameWords, textKeys } from './match-text';
import type { BankLine, Reconciliation, ReconciliationPart } from './reconciliation-parts';
import type { StatementLine } from './statement';

export { buildCandidateIndex, recordInIndex } from './candidate-index';

/**
 * What a statement line most likely is, best first, and the cases where the books may decide
 * alone: an intact creditor reference that names exactly one open invoice, or money out of exactly
 * one open bill's amount that its supplier's IBAN or invoice number confirms.
 */

export type MatchReason = 'reference' | 'invoiceNumber' | 'amount' | 'name' | 'iban';

export interface Suggestion {
  score: number;
  reasons: MatchReason[];
  /** The reconciliation it proposes: one click accepts these parts as they are. */
  parts: ReconciliationPart[];
}

export interface SuggestOptions {
  /** How many suggestions at most (default 10). */
  limit?: number;
}

/** An exact reference outranks everything else together; a name alone never outranks an amount. */
export const WEIGHTS = { reference: 100, invoiceNumber: 60, amount: 40, setAmount: 35, iban: 30, name: 20 } as const;
/** Below this, two names are different names. */
export const NAME_THRESHOLD = 0.5;
/** Bounds that keep one line's work small whatever the books hold. */
const MAX_PER_BUCKET = 200;
const MAX_CLIENTS = 10;
const MAX_PER_CLIENT = 50;
const SET_INVOICES = 20;
const SET_MAX_SIZE = 5;
const SET_BUDGET = 5_000;
const TELLING_WORD = 1_000;
const COMMON_WORD = 5_000;

/** The open invoices named by an intact RF reference of the line (structured or in its text). */
const referenceHits = (line: StatementLine, index: CandidateIndex): Set<string> => {
  const hits = new Set<string>();
  for (const text of [line.reference ?? '', line.description]) {
    for (const ref of findCreditorReferences(text)) for (const id of index.byReference.get(ref) ?? []) if (openOf(index, id) > 0) hits.add(id);
  }
  return hits;
};

const numberHits = (line: StatementLine, index: CandidateIndex): Set<string> => {
  const hits = new Set<string>();
  for (const key of textKeys(`${line.reference ?? ''} ${line.description}`)) for (const id of index.byNumberKey.get(key) ?? []) if (openOf(index, id) > 0) hits.add(id);
  return hits;
};

/**
 * Clients that share a telling word with the name: a word most clients have ("services") tells
 * nothing and would cost a comparison per client, so such words only count when no other is found.
 */
const nameCandidates = (words: readonly string[], index: CandidateIndex): Set<string> => {
  const buckets = [...new Set(words)].map((w) => index.clientsByWord.get(w)).filter((b): b is Set<string> => b !== undefined);
  buckets.sort((a, b) => a.size - b.size);
  const telling = buckets.filter((b) => b.size <= TELLING_WORD);
  const chosen = telling.length ? telling : buckets.slice(0, 1).filter((b) => b.size <= COMMON_WORD);
  const out = new Set<string>();
  for (const bucket of chosen) for (const id of bucket) out.add(id);
  return out;
};

/** Clients the line's counterparty looks like: by a known IBAN, and by name (similarity at least the threshold). */
const clientMatches = (line: StatementLine, index: CandidateIndex) => {
  const byIban = line.counterpartyIban ? (index.clientsByIban.get(compact(line.counterpartyIban)) ?? new Set<string>()) : new Set<string>();
  const byName = new Map<string, number>();
  const words = line.counterpartyName ? nameWords(line.counterpartyName) : [];
  for (const clientId of nameCandidates(words, index)) {
    const similarity = nameSimilarity(words, index.clientWords.get(clientId) ?? []);
    if (similarity >= NAME_THRESHOLD) byName.set(clientId, similarity);
  }
  return { byIban, byName };
};

type Clients = ReturnType<typeof clientMatches>;

interface Tally {
  reasons: MatchReason[];
  score: number;
}

/** The reasons that hold, in the order given, and the sum of their weights. */
const tally = (checks: ReadonlyArray<readonly [boolean, MatchReason, number]>): Tally => {
  const held = checks.filter(([holds]) => holds);
  return { reasons: held.map(([, reason]) => reason), score: held.reduce((s, [, , weight]) => s + weight, 0) };
};

/** A name counts by how alike it is: the same words score the whole weight, half of them shared about half. */
const clientReasons = (clientId: string | null, clients: Clients): Tally => {
  const similarity = clientId ? clients.byName.get(clientId) : undefined;
  return tally([
    [clientId !== null && clients.byIban.has(clientId), 'iban', WEIGHTS.iban],
    [similarity !== undefined, 'name', Math.round(WEIGHTS.name * (similarity ?? 0))],
  ]);
};

/** An invoice part of at most what is open; the rest of the line becomes the client's credit. */
const payInvoices = (invoices: InvoiceCandidate[], amount: number, index: CandidateIndex): ReconciliationPart[] => {
  const parts: ReconciliationPart[] = [];
  let left = amount;
  for (const inv of invoices) {
    const cents = Math.min(left, openOf(index, inv.id));
    if (cents <= 0) break;
    parts.push({ kind: 'invoice', invoiceId: inv.id, cents });
    left -= cents;
  }
  if (left > 0 && invoices[0]) parts.push({ kind: 'clientCredit', clientId: invoices[0].clientId, cents: left });
  return parts;
};

/** Sets of 2 to 5 of the client's oldest open invoices whose open amounts add up to `amount`, searched within a fixed budget. */
const combinedSets = (ids: readonly string[], amount: number, index: CandidateIndex): string[][] => {
  const pool = ids.filter((id) => openOf(index, id) > 0).slice(0, SET_INVOICES);
  const found: string[][] = [];
  let steps = 0;
  const walk = (from: number, chosen: string[], sum: number): void => {
    if (found.length >= 3 || steps++ > SET_BUDGET) return;
    if (sum === amount && chosen.length >= 2) {
      found.push([...chosen]);
      return;
    }
    if (chosen.length === SET_MAX_SIZE) return;
    for (let i = from; i < pool.length; i += 1) {
      const cents = openOf(index, pool[i]!);
      if (sum + cents > amount) continue;
      chosen.push(pool[i]!);
      walk(i + 1, chosen, sum + cents);
      chosen.pop();
    }
  };
  walk(0, [], 0);
  return found;
};

interface Ranked extends Suggestion {
  /** Among equal scores: the oldest due date or the nearest movement date first, then the id. */
  tie: string;
}

const invoiceSuggestions = (line: StatementLine, index: CandidateIndex, clients: Clients): Ranked[] => {
  const amount = line.amountCents;
  const refs = referenceHits(line, index);
  const numbers = numberHits(line, index);
  const pool = new Set<string>([...refs, ...numbers, ...(index.byAmount.get(amount) ?? []).filter((id) => openOf(index, id) > 0).slice(0, MAX_PER_BUCKET)]);
  const clientIds = [...new Set([...clients.byIban, ...[...clients.byName].sort((a, b) => b[1] - a[1]).map(([id]) => id)])].slice(0, MAX_CLIENTS);
  for (const clientId of clientIds) for (const id of (index.byClient.get(clientId) ?? []).filter((i) => openOf(index, i) > 0).slice(0, MAX_PER_CLIENT)) pool.add(id);
  const out: Ranked[] = [];
  for (const id of pool) {
    const inv = index.invoices.get(id)!;
    const open = openOf(index, id);
    if (open <= 0) continue;
    const client = clientReasons(inv.clientId, clients);
    const own = tally([
      [refs.has(id), 'reference', WEIGHTS.reference],
      [numbers.has(id), 'invoiceNumber', WEIGHTS.invoiceNumber],
      [open === amount, 'amount', WEIGHTS.amount],
    ]);
    out.push({ score: own.score + client.score, reasons: [...own.reasons, ...client.reasons], parts: payInvoices([inv], amount, index), tie: `${inv.dueDate}|${id}` });
  }
  // A combined payment: the invoices the text names, or a set of one client's invoices, adding up to the line.
  const named = [...new Set([...refs, ...numbers])].map((id) => index.invoices.get(id)!);
  const sets: InvoiceCandidate[][] = [];
  if (named.length >= 2 && named.reduce((s, inv) => s + openOf(index, inv.id), 0) === amount) sets.push(named);
  const clientsOfNamed = named.map((inv) => inv.clientId);
  for (const clientId of new Set([...clientIds, ...clientsOfNamed].slice(0, MAX_CLIENTS))) {
    const ids = index.byClient.get(clientId) ?? [];
    if (ids.some((id) => openOf(index, id) === amount)) continue;
    for (const set of combinedSets(ids, amount, index)) sets.push(set.map((id) => index.invoices.get(id)!));
  }
  const seen = new Set<string>();
  for (const set of sets) {
    const key = set.map((inv) => inv.id).sort().join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    const sameClient = set.every((inv) => inv.clientId === set[0]!.clientId);
    const client = sameClient ? clientReasons(set[0]!.clientId, clients) : tally([]);
    const own = tally([
      [set.some((inv) => refs.has(inv.id)), 'reference', WEIGHTS.reference],
      [set.some((inv) => numbers.has(inv.id)), 'invoiceNumber', WEIGHTS.invoiceNumber],
      [true, 'amount', WEIGHTS.setAmount],
    ]);
    const ordered = [...set].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
    out.push({ score: own.score + client.score, reasons: [...own.reasons, ...client.reasons], parts: payInvoices(ordered, amount, index), tie: `${ordered[0]!.dueDate}|${key}` });
  }
  return out;
};

/** The open bills the line's text names by the supplier's invoice number. */
const billNumberHits = (line: StatementLine, index: CandidateIndex): Set<string> => {
  const hits = new Set<string>();
  if (!index.bills.size) return hits;
  for (const key of textKeys(`${line.reference ?? ''} ${line.description}`)) for (const id of index.billsByNumberKey.get(key) ?? []) if (billOpenOf(index, id) > 0) hits.add(id);
  return hits;
};

/** The open bills of the suppliers whose IBAN the line's money went to. */
const billIbanHits = (line: StatementLine, index: CandidateIndex): Set<string> =>
  new Set(line.counterpartyIban ? (index.billsByIban.get(compact(line.counterpartyIban)) ?? []).filter((id) => billOpenOf(index, id) > 0) : []);

/**
 * Open bills money out may pay (`amount` is what left the account): those the text names, those of
 * the payee's IBAN, those whose open amount it is; each paid the line's amount when that much is
 * open, and the bills the text names together when their open amounts add up to it.
 */
const billSuggestions = (line: StatementLine, index: CandidateIndex): Ranked[] => {
  const amount = -line.amountCents;
  const numbers = billNumberHits(line, index);
  const ibans = billIbanHits(line, index);
  const words = line.counterpartyName ? nameWords(line.counterpartyName) : [];
  const pool = [...new Set([...numbers, ...[...ibans].slice(0, MAX_PER_BUCKET), ...(index.billsByAmount.get(amount) ?? []).filter((id) => billOpenOf(index, id) > 0).slice(0, MAX_PER_BUCKET)])];
  const reasonsOf = (bills: BillCandidate[], amountReason: readonly [boolean, number]): Tally => {
    const similarity = nameSimilarity(words, nameWords(bills[0]!.supplierName));
    const sameSupplier = bills.every((b) => b.supplierId === bills[0]!.supplierId);
    return tally([
      [bills.some((b) => numbers.has(b.id)), 'invoiceNumber', WEIGHTS.invoiceNumber],
      [amountReason[0], 'amount', amountReason[1]],
      [sameSupplier && bills.some((b) => ibans.has(b.id)), 'iban', WEIGHTS.iban],
      [sameSupplier && similarity >= NAME_THRESHOLD, 'name', Math.round(WEIGHTS.name * similarity)],
    ]);
  };
  const out: Ranked[] = [];
  for (const id of pool) {
    const bill = index.bills.get(id)!;
    if (billOpenOf(index, id) < amount) continue;
    const { score, reasons } = reasonsOf([bill], [billOpenOf(index, id) === amount, WEIGHTS.amount]);
    out.push({ score, reasons, parts: [{ kind: 'bill', billId: id, cents: line.amountCents }], tie: `${bill.dueDate}|${id}` });
  }
  const named = [...numbers].map((id) => index.bills.get(id)!).sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  if (named.length >= 2 && named.reduce((sum, b) => sum + billOpenOf(index, b.id), 0) === amount) {
    const { score, reasons } = reasonsOf(named, [true, WEIGHTS.setAmount]);
    out.push({ score, reasons, parts: named.map((b) => ({ kind: 'bill', billId: b.id, cents: -billOpenOf(index, b.id) })), tie: `${named[0]!.dueDate}|${named.map((b) => b.id).join('|')}` });
  }
  return out;
};

const dayDistance = (a: string, b: string): number => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/** Movements are matched whole, so only those of exactly the line's amount are proposed. */
const movementSuggestions = (line: StatementLine, index: CandidateIndex, clients: Clients): Ranked[] => {
  const named = new Set<string>();
  for (const key of textKeys(`${line.reference ?? ''} ${line.description}`)) for (const id of index.movementsByKey.get(key) ?? []) named.add(id);
  const out: Ranked[] = [];
  for (const id of (index.movementsByAmount.get(line.amountCents) ?? []).filter((m) => !index.reconciledMovements.has(m)).slice(0, MAX_PER_BUCKET)) {
    const m = index.movements.get(id)!;
    const client = clientReasons(m.clientId, clients);
    const own = tally([
      [named.has(id), 'reference', WEIGHTS.reference],
      [true, 'amount', WEIGHTS.amount],
    ]);
    const distance = String(Math.round(dayDistance(m.date, line.bookingDate)) || 0).padStart(6, '0');
    out.push({ score: own.score + client.score, reasons: [...own.reasons, ...client.reasons], parts: [{ kind: 'movement', movementId: id, cents: m.amountCents }], tie: `${distance}|${id}` });
  }
  return out;
};

/**
 * Open invoices (money in), open bills (money out) and unreconciled movements that may explain the
 * line, best first, each with the reasons it scored for and the parts that would reconcile it.
 */
export const suggest = (line: StatementLine, index: CandidateIndex, options: SuggestOptions = {}): Suggestion[] => {
  if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0) return [];
  const clients = clientMatches(line, index);
  const ranked = [...(line.amountCents > 0 ? invoiceSuggestions(line, index, clients) : billSuggestions(line, index)), ...movementSuggestions(line, index, clients)];
  ranked.sort((a, b) => b.score - a.score || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0));
  return ranked.slice(0, options.limit ?? 10).map(({ score, reasons, parts }) => ({ score, reasons, parts }));
};

/**
 * The line reconciled without anyone looking, or null. Only money in whose intact RF reference
 * (structured or in the text) names exactly one open invoice, and nothing else in the line names
 * another: two references, a reference of two invoices, or a payer's IBAN known for other clients
 * only, and the line waits for a person. What is paid beyond the open amount becomes that
 * client's credit. A wrong match costs more than a click, so doubt always means null.
 */
export const autoReconcile = (line: BankLine, index: CandidateIndex): Reconciliation | null => {
  if (!Number.isSafeInteger(line.amountCents) || line.amountCents <= 0) return null;
  const refs = new Set<string>();
  for (const text of [line.reference ?? '', line.description]) for (const ref of findCreditorReferences(text)) refs.add(ref);
  const named = new Set<string>();
  for (const ref of refs) for (const id of index.byReference.get(ref) ?? []) named.add(id);
  if (named.size !== 1) return null;
  const [invoiceId] = named as Set<string>;
  const invoice = index.invoices.get(invoiceId!)!;
  if (openOf(index, invoice.id) <= 0) return null;
  if (line.counterpartyIban) {
    const known = index.clientsByIban.get(compact(line.counterpartyIban));
    if (known && !known.has(invoice.clientId)) return null;
  }
  return { lineId: line.id, parts: payInvoices([invoice], line.amountCents, index) };
};

/**
 * Money out reconciled with a bill without anyone looking, or null. Only when exactly one open bill
 * has the line's amount open and its supplier's IBAN or invoice number (in the text) confirms it,
 * and nothing else points elsewhere: a number in the text of another open bill, or a payee IBAN of
 * other suppliers only. A wrong payment booked to a supplier costs more than a click.
 */
export const autoReconcileBill = (line: BankLine, index: CandidateIndex): Reconciliation | null => {
  if (!Number.isSafeInteger(line.amountCents) || line.amountCents >= 0 || !index.bills.size) return null;
  const amount = -line.amountCents;
  const numbers = billNumberHits(line, index);
  const ibans = billIbanHits(line, index);
  const confirmed = (index.billsByAmount.get(amount) ?? []).filter((id) => billOpenOf(index, id) === amount && (numbers.has(id) || ibans.has(id)));
  if (confirmed.length !== 1) return null;
  const billId = confirmed[0]!;
  if ([...numbers].some((id) => id !== billId)) return null;
  const payee = line.counterpartyIban ? compact(line.counterpartyIban) : null;
  const supplierIban = index.bills.get(billId)!.supplierIban;
  if (payee && index.billsByIban.has(payee) && (!supplierIban || compact(supplierIban) !== payee)) return null;
  return { lineId: line.id, parts: [{ kind: 'bill', billId, cents: line.amountCents }] };
};
