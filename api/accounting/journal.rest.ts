import { isIsoDate } from '../../domain/shared/dates';
import { SYSTEM_ACCOUNT_IDS, type Account } from '../../domain/accounting/accounts';
import { centsToEuros, parseEuros, parseVatRate } from '../../domain/shared/money';
import type { VatCategory } from '../../domain/invoice/vat';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { MAX_DESCRIPTION } from '../../domain/journal/decide';
import { textProblem } from '../../domain/shared/text';
import type { EntryRow, LineRow } from '../../projections/ledger/journal-lines/queries';
import type { SingleLineEntry } from '../../domain/journal/single-line';

/** REST names of the single-line command's fields (its first line's, once posted). */
export const SINGLE_LINE_REST_FIELDS = {
  accountId: 'account',
  debitCents: 'debit',
  creditCents: 'credit',
  'lines.0.accountId': 'account',
  'lines.0.debitCents': 'debit',
  'lines.0.creditCents': 'credit',
  'lines.0.vatCategory': 'vat_category',
  'lines.0.vatRateBp': 'vat_rate',
  'lines.0.vatSettlement': 'vat_settlement',
};

/**
 * The spec's wire shape of a journal entry: `{date, account, debit, credit, description}` with
 * debit and credit defaulting to 0 (the domain then wants exactly one of them). Parsed strictly:
 * amounts go through the decimal parser, so 12.345, 1e21, '-1' and 'abc' are field errors, never rounded.
 */
export const parseSingleLine = (body: unknown): SingleLineEntry & { version?: number } => {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);

  if (b.date === undefined || b.date === null || b.date === '') add('date', 'This field is required.');
  else if (!isIsoDate(b.date)) add('date', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');

  const accountValue = b.account && typeof b.account === 'object' ? (b.account as { id?: unknown }).id : b.account;
  if (accountValue === undefined || accountValue === null || accountValue === '') add('account', 'This field is required.');
  else if (typeof accountValue !== 'string') add('account', 'Incorrect type. Expected pk value.');

  const amount = (field: 'debit' | 'credit'): number => {
    const raw = b[field];
    if (raw === undefined || raw === null || raw === '') return 0;
    const parsed = parseEuros(raw);
    if (!parsed.ok) {
      add(field, parsed.error);
      return 0;
    }
    return parsed.value;
  };
  const debitCents = amount('debit');
  const creditCents = amount('credit');

  let description = '';
  if (b.description !== undefined && b.description !== null) {
    if (typeof b.description !== 'string') add('description', 'Not a valid string.');
    else if (b.description.length > MAX_DESCRIPTION) add('description', `Ensure this field has no more than ${MAX_DESCRIPTION} characters.`);
    else {
      const problem = textProblem(b.description, 'multi');
      if (problem) add('description', problem);
      else description = b.description;
    }
  }

  // Optional VAT tag of the chosen account's line (the domain checks that the tag fits it).
  const vat: Pick<SingleLineEntry, 'vatCategory' | 'vatRateBp' | 'vatSettlement'> = {};
  if (b.vat_category !== undefined && b.vat_category !== null && b.vat_category !== '') {
    if (typeof b.vat_category !== 'string') add('vat_category', 'Not a valid string.');
    else vat.vatCategory = b.vat_category as VatCategory;
  }
  if (b.vat_rate !== undefined && b.vat_rate !== null && b.vat_rate !== '') {
    const parsed = parseVatRate(b.vat_rate);
    if (parsed.ok) vat.vatRateBp = parsed.value;
    else add('vat_rate', parsed.error);
  }
  if (b.vat_settlement !== undefined && b.vat_settlement !== null) {
    if (typeof b.vat_settlement !== 'boolean') add('vat_settlement', 'Must be a valid boolean.');
    else if (b.vat_settlement) vat.vatSettlement = true;
  }

  let version: number | undefined;
  if (b.version !== undefined && b.version !== null) {
    if (typeof b.version !== 'number' || !Number.isInteger(b.version) || b.version < 1) add('version', 'A valid integer is required.');
    else version = b.version;
  }

  if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
  return { date: b.date as string, accountId: accountValue as string, debitCents, creditCents, description, version, ...vat };
};

export interface SingleLineView {
  id: string;
  date: string;
  account: { id: string; account_name: string };
  debit: number;
  credit: number;
  description: string;
  version: number;
  vat_category: string | null;
  /** Percent. */
  vat_rate: number | null;
  vat_settlement: boolean;
  /** Every line of the entry, so a reader sees both sides: a single-line entry's other side is its Suspense line. */
  lines: Array<{ account: { id: string; account_name: string }; debit: number; credit: number }>;
}

/** One row per entry: the line that is not the Suspense counter-posting (the first line otherwise), and all its lines. */
export const toSingleLineView = (entry: EntryRow, lines: LineRow[]): SingleLineView => {
  const line = lines.find((l) => l.account_id !== SYSTEM_ACCOUNT_IDS.suspense) ?? lines[0];
  return {
    id: entry.entry_id,
    date: entry.date,
    account: { id: line?.account_id ?? SYSTEM_ACCOUNT_IDS.suspense, account_name: line?.account_name ?? '' },
    debit: centsToEuros(line?.debit_cents ?? 0),
    credit: centsToEuros(line?.credit_cents ?? 0),
    description: entry.description,
    version: entry.version,
    vat_category: line?.vat_category ?? null,
    vat_rate: line?.vat_rate_bp === null || line?.vat_rate_bp === undefined ? null : line.vat_rate_bp / 100,
    vat_settlement: line?.vat_settlement === true,
    lines: lines.map((l) => ({ account: { id: l.account_id, account_name: l.account_name }, debit: centsToEuros(l.debit_cents), credit: centsToEuros(l.credit_cents) })),
  };
};

export const accountView = (a: Account) => ({ id: a.id, account_name: a.name, code: a.code, type: a.type, cash_flow_class: a.cashFlowClass });
