import { CombinedGraphQLErrors } from '@apollo/client';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_IBAN } from '../../../../domain/billing/bank';
import { NOT_A_COUNTRY } from '../../../../domain/invoice/vat';
import { ACCOUNT_NOT_PURCHASE, PAYMENT_TERMS_RANGE, VAT_NUMBER_TAKEN, VAT_RATE_RANGE } from '../../../../domain/purchases/supplier';
import { checkVatNumber } from '../../../../domain/tax/vat-number';
import { createTestI18n, readLocale } from '../../../../test/web-i18n';
import { deleteRefusalText, supplierRefusal } from './supplierErrors';

const refused = (code: string, message: string, fieldErrors?: Record<string, string[]>, reason?: { reason: string; params?: Record<string, string> }) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code, ...(fieldErrors ? { fieldErrors } : {}), ...(reason ?? {}) } }] });

describe('the supplier refusals in the language of the screen', () => {
  beforeAll(async () => {
    // graphqlErrors words the generic lead with the global instance.
    await i18n.init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: readLocale('en') }, el: { translation: readLocale('el') }, ru: { translation: readLocale('ru') } },
      interpolation: { escapeValue: false },
    });
  });

  it.each(['en', 'el', 'ru'])('%s: puts each domain refusal under its field, translated', async (lng) => {
    const { t } = await createTestI18n(lng);
    const err = refused('BAD_USER_INPUT', 'Please correct the errors below.', {
      country: [NOT_A_COUNTRY],
      iban: [INVALID_IBAN],
      defaultVatRate: [VAT_RATE_RANGE],
      paymentTermsDays: [PAYMENT_TERMS_RANGE],
      defaultAccountId: [ACCOUNT_NOT_PURCHASE],
      'input.name': ['This field may not be blank.'],
    });
    const { fields, rest } = supplierRefusal(err, t);
    expect(rest).toEqual([]);
    expect(fields).toEqual({
      country: [t('admin.suppliers.errors.country')],
      iban: [t('bank.errors.invalidIban')],
      defaultVatRate: [t('admin.suppliers.errors.vatRate')],
      paymentTermsDays: [t('admin.suppliers.errors.paymentTerms')],
      defaultAccountId: [t('admin.suppliers.errors.account')],
      name: [t('admin.validation.required')],
    });
    // Every text is the screen's, none the server's English (except in English itself).
    if (lng !== 'en') for (const texts of Object.values(fields)) for (const text of texts) expect([NOT_A_COUNTRY, INVALID_IBAN, VAT_RATE_RANGE, PAYMENT_TERMS_RANGE, ACCOUNT_NOT_PURCHASE]).not.toContain(text);
  });

  it('words a taken VAT number with the supplier that has it, and a version conflict apart', async () => {
    const { t } = await createTestI18n('el');
    // The server names the holder in the refusal's params (its English text is not parsed).
    const taken = supplierRefusal(refused('CONFLICT', `${VAT_NUMBER_TAKEN.slice(0, -1)}: Athens Office Supplies S.A.`, undefined, { reason: 'VAT_NUMBER_TAKEN', params: { name: 'Athens Office Supplies S.A.' } }), t);
    expect(taken).toEqual({ fields: { vatNumber: [t('admin.suppliers.errors.vatTakenBy', { name: 'Athens Office Supplies S.A.' })] }, rest: [] });
    expect(taken.fields.vatNumber![0]).toBe('Άλλος προμηθευτής, Athens Office Supplies S.A., έχει αυτόν τον ΑΦΜ.');
    const stale = supplierRefusal(refused('CONFLICT', 'The record was changed by someone else. Reload and try again.'), t);
    expect(stale).toEqual({ fields: {}, rest: [t('admin.suppliers.errors.changed')] });
    // A race the unique index caught names no holder.
    expect(supplierRefusal(refused('CONFLICT', VAT_NUMBER_TAKEN, undefined, { reason: 'VAT_NUMBER_TAKEN' }), t)).toEqual({ fields: { vatNumber: [t('admin.suppliers.errors.vatTaken')] }, rest: [] });
  });

  it.each([
    ['el', 'Ο αριθμός αρχίζει με DE, πρόθεμα άλλου κράτους μέλους. Παράδειγμα ΑΦΜ ΦΠΑ (Ελλάδα): EL094014201.', 'Τα ψηφία ελέγχου δεν ταιριάζουν (λάθος πληκτρολόγησης;). Παράδειγμα ΑΦΜ ΦΠΑ (Ελλάδα): EL094014201.'],
    ['ru', 'Номер начинается с DE — это префикс другой страны ЕС. Пример номера НДС (Греция): EL094014201.', 'Контрольные цифры не сходятся — возможно, опечатка. Пример номера НДС (Греция): EL094014201.'],
  ])("%s: words the server's refusal of a VAT number for its country from what was sent, under the field", async (lng, prefix, checkDigits) => {
    const { t } = await createTestI18n(lng);
    for (const [vatNumber, text] of [
      ['DE812871812', prefix],
      ['EL094014202', checkDigits],
    ] as const) {
      const server = checkVatNumber(vatNumber, 'GR')!;
      const err = refused('BAD_USER_INPUT', 'Please correct the errors below.', { 'input.vatNumber': [server] });
      expect(supplierRefusal(err, t, { vatNumber, country: 'GR', language: lng })).toEqual({ fields: { vatNumber: [text] }, rest: [] });
      // Without what was sent, the server's own text.
      expect(supplierRefusal(err, t).fields.vatNumber).toEqual([server]);
    }
  });

  it('says why a delete was refused: bills name the supplier, or it is gone', async () => {
    const { t } = await createTestI18n('ru');
    expect(deleteRefusalText(refused('BAD_USER_INPUT', 'This supplier has bills and cannot be deleted.'), t)).toBe(t('admin.suppliers.errors.inUse'));
    expect(deleteRefusalText(refused('NOT_FOUND', 'Supplier not found.'), t)).toBe(t('admin.suppliers.errors.notFound'));
  });
});
