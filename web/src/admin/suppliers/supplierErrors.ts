import { CombinedGraphQLErrors } from '@apollo/client';
import { INVALID_IBAN } from '../../../../domain/billing/bank';
import { NOT_A_COUNTRY } from '../../../../domain/invoice/vat';
import { ACCOUNT_NOT_PURCHASE, PAYMENT_TERMS_RANGE, VAT_NUMBER_TAKEN, VAT_RATE_RANGE } from '../../../../domain/purchases/supplier';
import { FIELD_BLANK } from '../../../../domain/shared/errors';
import { fieldErrorsOf, messageOf } from '../accounting/hooks/graphqlErrors';
import { splitRefusal } from '../common/refusal';
import { translatedVatRefusal, type VatNumberParty } from '../common/vatNumberCheck';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The dialog's fields, as SupplierInput names them (GraphQL input errors come as `input.<field>`). */
export const SUPPLIER_FIELDS = ['name', 'vatNumber', 'country', 'address', 'iban', 'defaultAccountId', 'defaultVatRate', 'paymentTermsDays'] as const;
export type SupplierField = (typeof SUPPLIER_FIELDS)[number];

/** The domain's refusals of a supplier (domain/purchases/supplier.ts and the checks it uses), each with its key in the screen's language. */
const SERVER_TEXT_KEYS: Record<string, string> = {
  [FIELD_BLANK]: 'admin.validation.required',
  [NOT_A_COUNTRY]: 'admin.suppliers.errors.country',
  [INVALID_IBAN]: 'bank.errors.invalidIban',
  [VAT_RATE_RANGE]: 'admin.suppliers.errors.vatRate',
  [PAYMENT_TERMS_RANGE]: 'admin.suppliers.errors.paymentTerms',
  [ACCOUNT_NOT_PURCHASE]: 'admin.suppliers.errors.account',
  [VAT_NUMBER_TAKEN]: 'admin.suppliers.errors.vatTaken',
};

const codeOf = (err: unknown): string | undefined => (CombinedGraphQLErrors.is(err) ? String(err.errors[0]?.extensions?.code ?? '') : undefined);

/** Why the server refused, where its code alone does not tell (`extensions.reason`), and what it names (`extensions.params`). */
const reasonOf = (err: unknown): { reason?: string; params: Record<string, string> } => {
  const extensions = CombinedGraphQLErrors.is(err) ? err.errors[0]?.extensions : undefined;
  return { reason: typeof extensions?.reason === 'string' ? extensions.reason : undefined, params: (extensions?.params as Record<string, string> | undefined) ?? {} };
};

const known = (text: string, t: Translate): string => {
  const key = SERVER_TEXT_KEYS[text];
  if (key) return t(key);
  return text;
};

/**
 * What the server's refusal of a save says, split for the dialog: each field's texts under it, the
 * rest above the form. A conflict is either the VAT number another supplier holds (its text names
 * that supplier; shown under the VAT number) or a save over a version someone changed meanwhile
 * (the server's default text, recognised by its code). A VAT number refused for its format or check
 * digits is worded from what was `sent`, by the same check, in the screen's `language`.
 */
export const supplierRefusal = (
  err: unknown,
  t: Translate,
  sent?: VatNumberParty & { language: string },
): { fields: Partial<Record<SupplierField, string[]>>; rest: string[] } => {
  if (codeOf(err) === 'CONFLICT') {
    const { reason, params } = reasonOf(err);
    // The VAT number's refusal goes under it, where the eye is after Save on a phone; a stale version above the form.
    if (reason === 'VAT_NUMBER_TAKEN') return { fields: { vatNumber: [params.name ? t('admin.suppliers.errors.vatTakenBy', { name: params.name }) : t('admin.suppliers.errors.vatTaken')] }, rest: [] };
    return { fields: {}, rest: [t('admin.suppliers.errors.changed')] };
  }
  if (codeOf(err) === 'NOT_FOUND') return { fields: {}, rest: [t('admin.suppliers.errors.notFound')] };
  const refusal = splitRefusal({ fieldErrors: fieldErrorsOf(err), fallback: messageOf(err) }, SUPPLIER_FIELDS, (path) => path.replace(/^input\./, ''), (m) => known(m, t));
  const vat = refusal.fields.vatNumber;
  if (vat && sent) refusal.fields.vatNumber = vat.map((text) => translatedVatRefusal(text, sent, t, sent.language));
  return refusal;
};

/**
 * Why a delete was refused, in the screen's language: the one refusal a delete has is a supplier its
 * bills name (a 400 without fields, api/platform/versioned.ts), or one already gone; else the server's text.
 */
export const deleteRefusalText = (err: unknown, t: Translate): string => {
  if (codeOf(err) === 'BAD_USER_INPUT' && Object.keys(fieldErrorsOf(err)).length === 0) return t('admin.suppliers.errors.inUse');
  if (codeOf(err) === 'NOT_FOUND') return t('admin.suppliers.errors.notFound');
  return known(messageOf(err), t);
};
