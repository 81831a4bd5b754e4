import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { vatNumberRefusal, vatNumberRefusalText } from '../../../../domain/tax/vat-number';
import { createTestI18n } from '../../../../test/web-i18n';
import { translatedVatRefusal, vatNumberMessage, vatNumberRule } from './vatNumberCheck';

const validate = (rule: RuleObject, value: string) => Promise.resolve(rule.validator!({} as never, value, () => undefined));

describe("a VAT number's refusal in the language of the screen", () => {
  it.each([
    ['en', 'Check digits do not match: a VAT number of Germany looks like DE812871812.', 'Not a VAT number of Germany: it looks like DE812871812.', "This number starts with AT, another member state's prefix; a VAT number of Germany looks like DE812871812."],
    [
      'el',
      'Τα ψηφία ελέγχου δεν ταιριάζουν (λάθος πληκτρολόγησης;). Παράδειγμα ΑΦΜ ΦΠΑ (Γερμανία): DE812871812.',
      'Δεν είναι ΑΦΜ ΦΠΑ αυτής της χώρας (Γερμανία). Παράδειγμα: DE812871812.',
      'Ο αριθμός αρχίζει με AT, πρόθεμα άλλου κράτους μέλους. Παράδειγμα ΑΦΜ ΦΠΑ (Γερμανία): DE812871812.',
    ],
    [
      'ru',
      'Контрольные цифры не сходятся — возможно, опечатка. Пример номера НДС (Германия): DE812871812.',
      'Это не номер НДС этой страны (Германия). Пример: DE812871812.',
      'Номер начинается с AT — это префикс другой страны ЕС. Пример номера НДС (Германия): DE812871812.',
    ],
  ])('%s: check digits, format and another state’s prefix, with the country by name and the example', async (lng, checkDigits, format, prefix) => {
    const { t } = await createTestI18n(lng);
    expect(vatNumberMessage({ vatNumber: 'DE812871813', country: 'DE' }, t, lng)).toBe(checkDigits);
    expect(vatNumberMessage({ vatNumber: 'DE12345', country: 'DE' }, t, lng)).toBe(format);
    expect(vatNumberMessage({ vatNumber: 'ATU13585627', country: 'DE' }, t, lng)).toBe(prefix);
    // Right, empty, outside the EU rules or without a country: nothing to say.
    for (const party of [{ vatNumber: 'DE 812 871 812', country: 'DE' }, { vatNumber: '', country: 'DE' }, { vatNumber: '12-3456789', country: 'US' }, { vatNumber: 'DE812871813', country: undefined }]) {
      expect(vatNumberMessage(party, t, lng)).toBeNull();
    }
  });

  it('checks as it is typed against the chosen country, and leaves a number saved before the checks while neither changes', async () => {
    const { t } = await createTestI18n('el');
    let country: string | undefined = 'DE';
    const rule = vatNumberRule(() => country, t, 'el');
    await expect(validate(rule, 'DE812871812')).resolves.toBeUndefined();
    await expect(validate(rule, 'DE812871813')).rejects.toThrow('Τα ψηφία ελέγχου δεν ταιριάζουν');
    // The country changes under a number typed for another: its prefix is refused.
    country = 'AT';
    await expect(validate(rule, 'DE812871812')).rejects.toThrow('Ο αριθμός αρχίζει με DE, πρόθεμα άλλου κράτους μέλους. Παράδειγμα ΑΦΜ ΦΠΑ (Αυστρία): ATU13585627.');
    country = undefined;
    await expect(validate(rule, 'DE812871813')).resolves.toBeUndefined();
    const stored = vatNumberRule(() => 'DE', t, 'el', { vatNumber: 'DE123', country: 'DE' });
    await expect(validate(stored, 'DE123')).resolves.toBeUndefined();
    await expect(validate(stored, 'DE124')).rejects.toThrow('Δεν είναι ΑΦΜ ΦΠΑ αυτής της χώρας (Γερμανία)');
  });

  it.each(['el', 'ru'])("%s: the server's English refusal is worded again from what was sent; any other text stays", async (lng) => {
    const { t } = await createTestI18n(lng);
    const sent = { vatNumber: 'DE812871813', country: 'DE' };
    const server = vatNumberRefusalText(vatNumberRefusal(sent.vatNumber, sent.country)!);
    expect(server).toMatch(/^This VAT number's check digits are wrong/);
    expect(translatedVatRefusal(server, sent, t, lng)).toBe(vatNumberMessage(sent, t, lng));
    expect(translatedVatRefusal(server, sent, t, lng)).not.toBe(server);
    // The server checked another country than the screen knows: its own text.
    expect(translatedVatRefusal(server, { ...sent, country: undefined }, t, lng)).toBe(server);
    expect(translatedVatRefusal('Something else.', sent, t, lng)).toBe('Something else.');
  });
});
