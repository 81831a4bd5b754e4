import { lockedMessage } from '../../../../domain/accounting/period-lock';
import { ALREADY_RECONCILED, STATEMENT_LINE_NOT_FOUND } from '../../../../domain/bank/line';
import { MONEY_ACCOUNT_NOT_FOUND } from '../../../../domain/bank/money-account';
import { MOVEMENT_TAKEN } from '../../../../domain/bank/movement-claim';
import {
  BILL_DIRECTION,
  BILL_NOT_POSTED,
  BILL_UNKNOWN,
  CLIENT_UNKNOWN,
  CREDIT_DIRECTION,
  CREDIT_WITH_INVOICE,
  INVOICE_DIRECTION,
  INVOICE_NOT_OPEN,
  MONEY_ACCOUNT_UNKNOWN,
  MOVEMENT_RECONCILED,
  MOVEMENT_TWICE,
  MOVEMENT_UNKNOWN,
  MOVEMENT_WHOLE,
  NO_PARTS,
  OVER_BILL_OPEN,
  OVER_OPEN_AMOUNT,
  OVER_REFUNDABLE,
  PART_AMOUNT_INVALID,
  PART_ZERO,
  REFUND_AS_MOVEMENT,
  SUM_MISMATCH,
  TOO_MANY_PARTS,
  TRANSFER_DIRECTION,
  TRANSFER_TO_ITSELF,
} from '../../../../domain/bank/reconciliation';
import { ACCOUNT_INACTIVE, AUTOMATIC_POSTINGS_ONLY, MONEY_ACCOUNT_NOT_POSTABLE, NO_SUCH_ACCOUNT, VAT_ON_SETTLEMENT, VAT_RATE_RANGE } from '../../../../domain/bank/reconciliation-postings';
import { ACCOUNT_CODE_FORMAT } from '../../../../domain/bank/rules';
import { BILL_NOT_FOUND, BILL_NOT_POSTED as PAYMENT_ON_DRAFT_BILL, BILL_PAYMENT_NOT_FOUND, PAYMENT_BEFORE_BILL } from '../../../../domain/bill/bill';
import { CANCELLED, INVOICE_NOT_FOUND, PAYMENT_BEFORE_INVOICE, PAYMENT_ON_DELETED, PAYMENT_ON_DRAFT } from '../../../../domain/invoice/decide';
import { CHANGED_MEANWHILE, FIELD_BLANK, FIELD_REQUIRED, TOO_LONG } from '../../../../domain/shared/errors';
import { ApiError } from '../../api/http';
import { formatDate, formatMoney } from '../../common/format';
import { cleanTextMessage } from '../common/cleanText';
import { knownServerText, type ServerTexts } from '../common/serverTexts';
import { errorText } from '../common/useFeedback';
import { eurosToCents, partErrors } from './reconcileParts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The refusals of `POST …/lines/{line}/reconcile/` the server words in English (domain/bank's
 * reconciliation check and account checks, the line's and its movements' streams, and the invoice
 * payments a line records), each with its key in the screen's language. A text not here is shown
 * as the server wrote it.
 */
export const RECONCILE_TEXT_KEYS: Record<string, string> = {
  [NO_PARTS]: 'bank.reconcile.errors.noParts',
  [PART_AMOUNT_INVALID]: 'bank.reconcile.errors.amountInvalid',
  [PART_ZERO]: 'bank.reconcile.errors.partZero',
  [INVOICE_NOT_OPEN]: 'bank.reconcile.errors.invoiceNotOpen',
  [INVOICE_NOT_FOUND]: 'bank.reconcile.errors.invoiceNotOpen',
  [INVOICE_DIRECTION]: 'bank.reconcile.errors.invoiceDirection',
  [MOVEMENT_UNKNOWN]: 'bank.reconcile.errors.movementUnknown',
  [MOVEMENT_RECONCILED]: 'bank.reconcile.errors.movementReconciled',
  [MOVEMENT_TWICE]: 'bank.reconcile.errors.movementTwice',
  [MOVEMENT_TAKEN]: 'bank.reconcile.errors.movementTaken',
  [TRANSFER_TO_ITSELF]: 'bank.reconcile.errors.transferToItself',
  [MONEY_ACCOUNT_UNKNOWN]: 'bank.reconcile.errors.moneyAccountUnknown',
  [TRANSFER_DIRECTION]: 'bank.reconcile.errors.transferDirection',
  [CLIENT_UNKNOWN]: 'bank.reconcile.errors.clientUnknown',
  [CREDIT_DIRECTION]: 'bank.reconcile.errors.creditDirection',
  [REFUND_AS_MOVEMENT]: 'bank.reconcile.errors.refundAsMovement',
  [CREDIT_WITH_INVOICE]: 'bank.reconcile.errors.creditWithInvoice',
  [NO_SUCH_ACCOUNT]: 'bank.reconcile.errors.noAccount',
  [ACCOUNT_CODE_FORMAT]: 'bank.reconcile.errors.noAccount',
  [ACCOUNT_INACTIVE]: 'bank.reconcile.errors.inactiveAccount',
  [MONEY_ACCOUNT_NOT_POSTABLE]: 'bank.reconcile.errors.moneyAccount',
  [AUTOMATIC_POSTINGS_ONLY]: 'bank.reconcile.errors.automaticOnly',
  [VAT_ON_SETTLEMENT]: 'bank.reconcile.errors.vatOnSettlement',
  [VAT_RATE_RANGE]: 'bank.reconcile.errors.vatRange',
  [ALREADY_RECONCILED]: 'bank.reconcile.errors.alreadyReconciled',
  [STATEMENT_LINE_NOT_FOUND]: 'bank.reconcile.errors.lineNotFound',
  [MONEY_ACCOUNT_NOT_FOUND]: 'bank.reconcile.errors.accountNotFound',
  [PAYMENT_ON_DELETED]: 'bank.reconcile.errors.invoiceDeleted',
  [PAYMENT_ON_DRAFT]: 'bank.reconcile.errors.invoiceDraft',
  [CANCELLED]: 'bank.reconcile.errors.invoiceCancelled',
  [PAYMENT_BEFORE_INVOICE]: 'bank.reconcile.errors.beforeInvoice',
  [BILL_UNKNOWN]: 'bank.reconcile.errors.billUnknown',
  [BILL_NOT_FOUND]: 'bank.reconcile.errors.billUnknown',
  [BILL_NOT_POSTED]: 'bank.reconcile.errors.billDraft',
  [PAYMENT_ON_DRAFT_BILL]: 'bank.reconcile.errors.billDraft',
  [BILL_DIRECTION]: 'bank.reconcile.errors.billDirection',
  [PAYMENT_BEFORE_BILL]: 'bank.reconcile.errors.beforeBill',
  [BILL_PAYMENT_NOT_FOUND]: 'bank.reconcile.errors.billPaymentGone',
  [CHANGED_MEANWHILE]: 'bank.reconcile.errors.changed',
  [FIELD_BLANK]: 'admin.validation.required',
  [FIELD_REQUIRED]: 'admin.validation.required',
};

/**
 * The refusals with values in them (domain/shared/wording), each with its key; the key's variables
 * are the wording's names. A locked day is the product's one refusal of it (admin.errors.booksLocked).
 */
export const RECONCILE_WORDING_KEYS: Record<string, string> = {
  [SUM_MISMATCH]: 'bank.reconcile.errors.sumMismatch',
  [OVER_OPEN_AMOUNT]: 'bank.reconcile.errors.overOpen',
  [OVER_BILL_OPEN]: 'bank.reconcile.errors.overBillOpen',
  [OVER_REFUNDABLE]: 'bank.reconcile.errors.overRefundable',
  [MOVEMENT_WHOLE]: 'bank.reconcile.errors.movementWhole',
  [TOO_MANY_PARTS]: 'bank.reconcile.errors.tooManyParts',
  [TOO_LONG]: 'bank.reconcile.errors.tooLong',
  [lockedMessage('{date}')]: 'admin.errors.booksLocked',
};

/** The wordings' amounts (euros with two decimals, signed as the line) as the screen writes money; a day in its format. */
const AMOUNTS = new Set(['sum', 'line', 'open', 'refundable', 'amount']);
const valueText = (name: string, value: string): string => {
  if (name === 'date') return formatDate(value);
  if (!AMOUNTS.has(name) || !Number.isFinite(Number(value))) return value;
  return formatMoney(eurosToCents(Number(value)));
};

const TABLE: ServerTexts = { texts: RECONCILE_TEXT_KEYS, wordings: RECONCILE_WORDING_KEYS, value: valueText };

/** A reconciliation refusal's text in the screen's language, or as the server wrote it. */
export const reconcileText = (message: string, t: Translate): string => knownServerText(message, t, TABLE) ?? cleanTextMessage(message, t);

/** The part fields the panel shows an error under (the wire's names); a part's other fields go above the parts. */
const PART_FIELDS = new Set(['kind', 'account', 'vat_rate', 'amount', 'description', 'money_account', 'invoice', 'movement', 'bill']);

export interface ReconcileRefusal {
  /** Per part index, per field: the texts under it. */
  parts: Record<number, Record<string, string[]>>;
  /** What names no field the panel shows, for above it. */
  rest: string[];
}

/**
 * What the panel shows of a refused reconciliation, in the screen's language: each part's field
 * errors under the field, the rest (the parts' sum, a locked day, a payment's refusal) above the
 * parts; the server's message only when it named no field.
 */
export const reconcileRefusal = (err: unknown, t: Translate): ReconcileRefusal => {
  const found = partErrors(err instanceof ApiError ? err.errors : undefined);
  const texts = (messages: readonly string[]) => [...new Set(messages.map((m) => reconcileText(m, t)))];
  const parts: ReconcileRefusal['parts'] = {};
  const rest = texts(found.rest);
  for (const [index, fields] of Object.entries(found.parts)) {
    for (const [field, messages] of Object.entries(fields)) {
      if (PART_FIELDS.has(field)) (parts[Number(index)] ??= {})[field] = texts(messages);
      else rest.push(...texts(messages).filter((m) => !rest.includes(m)));
    }
  }
  if (Object.keys(parts).length === 0 && rest.length === 0) rest.push(err instanceof ApiError ? reconcileText(err.message, t) : errorText(err));
  return { parts, rest };
};
