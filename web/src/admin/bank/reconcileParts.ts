import { parseEuros, typedCents } from '../../../../domain/shared/money';
import type { MovementView, OpenInvoice, SuggestionPart, WirePart } from './statementApi';

export type PartKind = 'account' | 'transfer' | 'movement' | 'invoice' | 'clientCredit' | 'bill';

/** One part of a line as the panel edits it: the amount as typed (signed like the line, euros). */
export interface PartDraft {
  key: number;
  kind: PartKind;
  amount: string;
  account?: string;
  vatRate: number;
  description: string;
  moneyAccount?: string;
  movement?: string;
  invoice?: string;
  client?: string;
  bill?: string;
}

/** A signed euro amount from the wire (a number of at most two decimals) → integer cents. */
export const eurosToCents = (euros: number): number => {
  const parsed = parseEuros(String(Math.abs(euros)));
  if (!parsed.ok) throw new Error(`not an amount in euros: ${euros}`);
  return euros < 0 ? -parsed.value : parsed.value;
};

/** What the admin typed → signed cents (shared with the server's invoice search). */
export { typedCents };

/** Signed cents → the text an amount field shows and the wire takes ("-119.00"). */
export const centsText = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A part is complete when its amount reads and it names what it goes to. */
export const partComplete = (p: PartDraft): boolean => {
  const cents = typedCents(p.amount);
  if (cents === null || cents === 0) return false;
  if (p.kind === 'account') return !!p.account;
  if (p.kind === 'transfer') return !!p.moneyAccount;
  if (p.kind === 'invoice') return !!p.invoice;
  if (p.kind === 'clientCredit') return !!p.client;
  if (p.kind === 'bill') return !!p.bill;
  return !!p.movement;
};

/** The line's amount less every part that reads (integer cents, never floats). */
export const remainingCents = (lineCents: number, parts: PartDraft[]): number => parts.reduce((left, p) => left - (typedCents(p.amount) ?? 0), lineCents);

/** Save is offered only when every part is complete and they add up to the line exactly. */
export const partsBalance = (lineCents: number, parts: PartDraft[]): boolean => parts.length > 0 && parts.every(partComplete) && remainingCents(lineCents, parts) === 0;

/** The body's parts, in the wire's words. */
export const wireParts = (parts: PartDraft[]): WirePart[] =>
  parts.map((p) => {
    const amount = centsText(typedCents(p.amount) ?? 0);
    if (p.kind === 'account') return { kind: 'account', account: p.account!, amount, vat_rate: p.vatRate, description: p.description.trim() };
    if (p.kind === 'transfer') return { kind: 'transfer', money_account: p.moneyAccount!, amount };
    if (p.kind === 'invoice') return { kind: 'invoice', invoice: p.invoice!, amount };
    if (p.kind === 'clientCredit') return { kind: 'client_credit', client: p.client!, amount };
    if (p.kind === 'bill') return { kind: 'bill', bill: p.bill!, amount };
    return { kind: 'movement', movement: p.movement!, amount };
  });

/** Open movements with the line's exact amount first, the rest by date as the server gave them. */
export const movementsFor = (lineCents: number, movements: MovementView[]): Array<MovementView & { exact: boolean }> => {
  const marked = movements.map((m) => ({ ...m, exact: eurosToCents(m.amount) === lineCents }));
  return [...marked.filter((m) => m.exact), ...marked.filter((m) => !m.exact)];
};

/**
 * The server's field errors on `parts.N.field` → per part index, per field; the rest (`parts`, a
 * message) stays for the panel as a whole.
 */
export const partErrors = (errors: Record<string, string[]> | undefined): { parts: Record<number, Record<string, string[]>>; rest: string[] } => {
  const parts: Record<number, Record<string, string[]>> = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = /^parts\.(\d+)\.(.+)$/.exec(key);
    if (match) ((parts[Number(match[1])] ??= {})[match[2]!] ??= []).push(...messages);
    else rest.push(...messages);
  }
  return { parts, rest };
};

/** An invoice part's first amount: what is open, or less when the line leaves less (cents). */
export const invoiceCents = (openCents: number, leftCents: number): number => (leftCents > 0 ? Math.min(openCents, leftCents) : openCents);

/** A bill part's first amount (money out, negative): what is open, or less when the line leaves less to pay (cents). */
export const billCents = (openCents: number, leftCents: number): number => -invoiceCents(openCents, -leftCents);

/**
 * The client whose credit the rest of a payment may become: the first invoice part's, when money is
 * left over; null otherwise (the server takes a client's credit only beside an invoice of theirs).
 */
export const creditClient = (lineCents: number, parts: PartDraft[], invoices: OpenInvoice[]): OpenInvoice['client'] | null => {
  if (remainingCents(lineCents, parts) <= 0 || parts.some((p) => p.kind === 'clientCredit')) return null;
  const invoiced = parts.find((p) => p.kind === 'invoice' && p.invoice);
  return invoices.find((i) => i.id === invoiced?.invoice)?.client ?? null;
};

/** A suggestion's parts as `…/reconcile/` takes them: the label is only to show. */
export const acceptedParts = (parts: SuggestionPart[]): WirePart[] => parts.map(({ label: _label, ...part }) => part as unknown as WirePart);

/** What a reconciled line was, one word or number per part (in the reconciliation's domain names). */
export type SummaryItem = { kind: 'invoice'; id: string } | { kind: 'account'; code: string } | { kind: 'transfer' | 'movement' | 'clientCredit' | 'bill' };

export const summaryItems = (parts: Array<Record<string, unknown>>): SummaryItem[] =>
  parts.flatMap((p): SummaryItem[] => {
    if (p.kind === 'invoice' && typeof p.invoiceId === 'string') return [{ kind: 'invoice', id: p.invoiceId }];
    if (p.kind === 'account' && typeof p.accountCode === 'string') return [{ kind: 'account', code: p.accountCode }];
    if (p.kind === 'transfer' || p.kind === 'movement' || p.kind === 'clientCredit' || p.kind === 'bill') return [{ kind: p.kind }];
    return [];
  });
