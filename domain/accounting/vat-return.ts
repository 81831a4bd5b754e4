import type { InvoiceTotals, KeptInvoiceLine } from '../invoice/events';
import { categoryOf, type Party, type VatCategory } from '../invoice/vat';
import type { JournalLine } from '../journal/events';
import { SYSTEM_ACCOUNT_IDS } from './accounts';

/**
 * The VAT return's raw material: what a posting adds to the VAT analysis, kept beside its ledger
 * lines (same date, same lock deferral), so the return and the VAT account can never drift apart.
 *
 * - `output`: sales (invoices; credit notes and reversals negative). Base = net, VAT = what was
 *   credited to VAT Payable.
 * - `input`: purchases from manual journal entries. Base = a tagged line on any other account
 *   (debit − credit); VAT = a line on the VAT account (debit − credit).
 * - `settlement`: a VAT account line marked as a payment to (or refund from) the tax authority; the
 *   return leaves it out and shows it apart.
 *
 * `category` null is VAT account movement no tag explains (a manual adjustment): it still counts,
 * so net VAT always equals the VAT account's movement other than settlements.
 */
export type VatDirection = 'output' | 'input' | 'settlement';

export interface VatMovement {
  direction: VatDirection;
  category: VatCategory | null;
  /** Basis points; null together with category. */
  rateBp: number | null;
  baseCents: number;
  vatCents: number;
  /** A reverse-charge sale's (output AE) buyer, for the EC Sales List; absent elsewhere and on documents written before their parties were kept. */
  buyer?: VatBuyer;
}

/** Whom an intra-EU supply was made to: the buyer's country (ISO 3166-1) and VAT number as the document names them. */
export interface VatBuyer {
  country: string;
  vatNumber: string;
}

/** The accounts that hold VAT; settlements with the tax authority are marked on their lines. */
export const VAT_ACCOUNT_IDS: ReadonlySet<string> = new Set([SYSTEM_ACCOUNT_IDS.vatPayable]);
export const isVatAccount = (accountId: string): boolean => VAT_ACCOUNT_IDS.has(accountId);

const keyOf = (m: Pick<VatMovement, 'direction' | 'category' | 'rateBp' | 'buyer'>): string => `${m.direction}|${m.category ?? ''}|${m.rateBp ?? ''}|${m.buyer?.country ?? ''}|${m.buyer?.vatNumber ?? ''}`;

/** Sums movements of the same direction, category and rate; drops those that add nothing. */
export const mergeMovements = (movements: VatMovement[]): VatMovement[] => {
  const byKey = new Map<string, VatMovement>();
  for (const m of movements) {
    const k = keyOf(m);
    const prev = byKey.get(k);
    byKey.set(k, prev ? { ...prev, baseCents: prev.baseCents + m.baseCents, vatCents: prev.vatCents + m.vatCents } : { ...m });
  }
  return [...byKey.values()].filter((m) => m.baseCents !== 0 || m.vatCents !== 0);
};

export const negateMovements = (movements: VatMovement[]): VatMovement[] => movements.map((m) => ({ ...m, baseCents: -m.baseCents, vatCents: -m.vatCents }));

/**
 * An invoice's (or credit note's) output VAT per category and rate. The ledger posts the totals'
 * VAT, so any rounding difference between the totals and the lines goes to the group with the most
 * VAT: the groups always sum to what VAT Payable received.
 */
export const invoiceVatMovements = (lines: readonly KeptInvoiceLine[], totals: InvoiceTotals, buyer?: Pick<Party, 'country' | 'vatNumber'> | null): VatMovement[] => {
  const groups = mergeMovements(
    lines.map((l) => ({ direction: 'output' as const, category: categoryOf(l), rateBp: l.vatRateBp, baseCents: l.netCents, vatCents: l.vatCents })),
  );
  // Totals without lines (never issued so, but an event may say it): the VAT is known only as a total.
  if (groups.length === 0) groups.push({ direction: 'output', category: null, rateBp: null, baseCents: 0, vatCents: 0 });
  const largest = groups.reduce((a, b) => (Math.abs(b.vatCents) > Math.abs(a.vatCents) ? b : a));
  largest.baseCents += totals.netCents - groups.reduce((s, g) => s + g.baseCents, 0);
  largest.vatCents += totals.vatCents - groups.reduce((s, g) => s + g.vatCents, 0);
  const merged = mergeMovements(groups);
  return buyer ? merged.map((m) => (m.category === 'AE' ? { ...m, buyer: { country: buyer.country, vatNumber: buyer.vatNumber } } : m)) : merged;
};

/** The buyer a document's remembered VAT names (its reverse-charge movements'), for an edit that keeps its parties. */
export const buyerOf = (movements: readonly VatMovement[] | null | undefined): VatBuyer | undefined => movements?.find((m) => m.buyer)?.buyer;

/**
 * A manual entry's VAT: tagged lines on other accounts are purchase bases; VAT account lines are
 * input VAT (their own tag, else the entry's only tag, else unexplained) or, marked, settlements.
 */
export const journalVatMovements = (lines: JournalLine[]): VatMovement[] => {
  const tagged = lines.filter((l) => !isVatAccount(l.accountId) && l.vatCategory !== undefined);
  const tags = new Map(tagged.map((l) => [`${l.vatCategory}|${l.vatRateBp ?? 0}`, { category: l.vatCategory!, rateBp: l.vatRateBp ?? 0 }]));
  const only = tags.size === 1 ? [...tags.values()][0]! : null;
  const out: VatMovement[] = tagged.map((l) => ({ direction: 'input', category: l.vatCategory!, rateBp: l.vatRateBp ?? 0, baseCents: l.debitCents - l.creditCents, vatCents: 0 }));
  for (const l of lines) {
    if (!isVatAccount(l.accountId)) continue;
    const vatCents = l.debitCents - l.creditCents;
    if (l.vatSettlement) out.push({ direction: 'settlement', category: null, rateBp: null, baseCents: 0, vatCents });
    else if (l.vatCategory !== undefined) out.push({ direction: 'input', category: l.vatCategory, rateBp: l.vatRateBp ?? 0, baseCents: 0, vatCents });
    else out.push({ direction: 'input', category: only?.category ?? null, rateBp: only?.rateBp ?? null, baseCents: 0, vatCents });
  }
  return mergeMovements(out);
};

/** A VAT return row: one category and rate (category null: VAT account movement no tag explains). */
export interface VatReturnRow {
  category: VatCategory | null;
  rateBp: number | null;
  outputBaseCents: number;
  outputVatCents: number;
  inputBaseCents: number;
  inputVatCents: number;
}

export interface VatReturn {
  rows: VatReturnRow[];
  outputBaseCents: number;
  outputVatCents: number;
  inputBaseCents: number;
  inputVatCents: number;
  /** Output − input: positive is owed to the tax authority, negative is a refund due. */
  netVatCents: number;
  /** Paid to the tax authority (positive) or refunded by it (negative) in the period; not part of the net. */
  settlementsCents: number;
}

const CATEGORY_ORDER: Array<VatCategory | null> = ['S', 'Z', 'E', 'AE', null];

/** The period's return from its movements (summed per day, category and rate by the ledger). */
export const vatReturn = (movements: VatMovement[]): VatReturn => {
  const rows = new Map<string, VatReturnRow>();
  let settlementsCents = 0;
  for (const m of movements) {
    if (m.direction === 'settlement') {
      settlementsCents += m.vatCents;
      continue;
    }
    const k = `${m.category ?? ''}|${m.rateBp ?? ''}`;
    const row = rows.get(k) ?? { category: m.category, rateBp: m.rateBp, outputBaseCents: 0, outputVatCents: 0, inputBaseCents: 0, inputVatCents: 0 };
    if (m.direction === 'output') {
      row.outputBaseCents += m.baseCents;
      row.outputVatCents += m.vatCents;
    } else {
      row.inputBaseCents += m.baseCents;
      row.inputVatCents += m.vatCents;
    }
    rows.set(k, row);
  }
  const sorted = [...rows.values()]
    .filter((r) => r.outputBaseCents || r.outputVatCents || r.inputBaseCents || r.inputVatCents)
    .sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) || (b.rateBp ?? -1) - (a.rateBp ?? -1));
  const total = (f: keyof Omit<VatReturnRow, 'category' | 'rateBp'>) => sorted.reduce((s, r) => s + r[f], 0);
  const outputVatCents = total('outputVatCents');
  const inputVatCents = total('inputVatCents');
  return {
    rows: sorted,
    outputBaseCents: total('outputBaseCents'),
    outputVatCents,
    inputBaseCents: total('inputBaseCents'),
    inputVatCents,
    netVatCents: outputVatCents - inputVatCents,
    settlementsCents,
  };
};
