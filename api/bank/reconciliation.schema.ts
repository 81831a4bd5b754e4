import { z } from 'zod';
import type { ReconciliationPart } from '../../domain/bank/reconciliation-parts';
import { ACCOUNT_CODE_FORMAT } from '../../domain/bank/rules';
import { parseEuros } from '../../domain/shared/money';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { zId, zOptionalVatBp, zText } from '../platform/wire';

const INVALID = 'Please correct the errors below.';

/** Euros with a sign (money out is negative, as on the statement) → cents; at most two decimals. */
const zSignedCents = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value;
  const negative = typeof text === 'string' && text.trim().startsWith('-');
  const parsed = parseEuros(negative ? (text as string).trim().slice(1) : value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return negative ? -parsed.value : parsed.value;
}).meta({ type: ['number', 'string'], description: 'Euros, at most two decimals, signed as the statement: money out negative.' });

const part = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('account'), account: z.string().trim().regex(/^[0-9A-Za-z.-]{1,20}$/, ACCOUNT_CODE_FORMAT), amount: zSignedCents, vat_rate: zOptionalVatBp, description: zText(1000, 'multi').optional() }),
    z.object({ kind: z.literal('movement'), movement: zId('Movement'), amount: zSignedCents }),
    z.object({ kind: z.literal('transfer'), money_account: zId('Bank account'), amount: zSignedCents }),
    z.object({ kind: z.literal('invoice'), invoice: zId('Invoice'), amount: zSignedCents }),
    z.object({ kind: z.literal('client_credit'), client: zId('Client'), amount: zSignedCents }),
    z.object({ kind: z.literal('bill'), bill: zId('Bill'), amount: zSignedCents }),
  ],
  { error: 'Choose what this part is: account, movement, transfer, invoice, client_credit or bill.' },
);

export const body = z.object({ parts: z.array(part, { error: 'Give the parts of the line as a list.' }).max(200) });

/** The wire's names of a part's fields, for the domain's refusals (`parts.2.cents` → `parts.2.amount`). */
const WIRE_FIELDS: Record<string, string> = {
  cents: 'amount',
  accountCode: 'account',
  vatRateBp: 'vat_rate',
  movementId: 'movement',
  moneyAccountId: 'money_account',
  invoiceId: 'invoice',
  clientId: 'client',
  billId: 'bill',
};

export const wireField = (field: string): string => {
  const path = field.split('.');
  const last = path.pop()!;
  return [...path, WIRE_FIELDS[last] ?? last].join('.');
};

/** `POST …/reconcile/`'s body as the domain's parts, or a 400 naming each wrong field. */
export const parseReconcileBody = (raw: unknown): ReconciliationPart[] => {
  const parsed = body.safeParse(raw);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'parts'] ??= []).push(issue.message);
    throw new ValidationError(INVALID, errors);
  }
  return parsed.data.parts.map((p): ReconciliationPart => {
    switch (p.kind) {
      case 'account':
        return { kind: 'account', accountCode: p.account, cents: p.amount, vatRateBp: p.vat_rate ?? 0, description: p.description ?? '' };
      case 'movement':
        return { kind: 'movement', movementId: p.movement, cents: p.amount };
      case 'transfer':
        return { kind: 'transfer', moneyAccountId: p.money_account, cents: p.amount };
      case 'invoice':
        return { kind: 'invoice', invoiceId: p.invoice, cents: p.amount };
      case 'client_credit':
        return { kind: 'clientCredit', clientId: p.client, cents: p.amount };
      case 'bill':
        return { kind: 'bill', billId: p.bill, cents: p.amount };
      default: {
        const exhaustive: never = p;
        return exhaustive;
      }
    }
  });
};
