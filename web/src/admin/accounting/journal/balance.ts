import { eurosToCents } from '../statements/amounts';

/** A line of the multi-line form as antd hands it over (InputNumber gives null when empty). */
export interface DraftLine {
  accountId?: string;
  debit?: number | null;
  credit?: number | null;
  /** The line's VAT tag: a category (the rate beside it), a settlement with the tax authority, or none. */
  vat?: VatChoice;
  vatRate?: number | null;
}

export type VatChoice = '' | 'S' | 'Z' | 'E' | 'AE' | 'settlement';
export const VAT_CHOICES: VatChoice[] = ['', 'S', 'Z', 'E', 'AE', 'settlement'];

/** The GraphQL line fields of a draft line's VAT tag (a rate only for S; the others are 0 %). */
export const lineVatInput = (l: DraftLine): { vatCategory?: string; vatRate?: number; vatSettlement?: boolean } => {
  if (!l.vat) return {};
  if (l.vat === 'settlement') return { vatSettlement: true };
  return { vatCategory: l.vat, vatRate: l.vat === 'S' ? (l.vatRate ?? 0) : 0 };
};

/** A saved line's VAT tag as the form shows it. */
export const draftVat = (l: { vatCategory?: string | null; vatRate?: number | null; vatSettlement?: boolean }): Pick<DraftLine, 'vat' | 'vatRate'> =>
  l.vatSettlement ? { vat: 'settlement' } : l.vatCategory ? { vat: l.vatCategory as VatChoice, vatRate: l.vatRate ?? null } : { vat: '' };

export type LineProblem = 'account' | 'amount' | 'bothSides';

export interface EntryBalance {
  debitCents: number;
  creditCents: number;
  /** Debits minus credits; 0 when balanced. */
  differenceCents: number;
  /** Per line index, what keeps it from being saved. */
  problems: Map<number, LineProblem>;
  /** Savable: two or more complete lines, debits equal credits, and something is posted. */
  balanced: boolean;
}

/** The live check of the multi-line form, in integer cents so 0.1 + 0.2 balances 0.3. */
export const entryBalance = (lines: Array<DraftLine | undefined>): EntryBalance => {
  let debitCents = 0;
  let creditCents = 0;
  const problems = new Map<number, LineProblem>();
  lines.forEach((line, i) => {
    const debit = eurosToCents(line?.debit);
    const credit = eurosToCents(line?.credit);
    debitCents += debit;
    creditCents += credit;
    if (!line?.accountId) problems.set(i, 'account');
    else if (debit > 0 && credit > 0) problems.set(i, 'bothSides');
    else if (debit <= 0 && credit <= 0) problems.set(i, 'amount');
  });
  const differenceCents = debitCents - creditCents;
  const balanced = lines.length >= 2 && problems.size === 0 && differenceCents === 0 && debitCents > 0;
  return { debitCents, creditCents, differenceCents, problems, balanced };
};
