import type { RuleObject } from 'antd/es/form';
import { vatNumberRefusal, vatNumberRefusalText, type VatNumberRefusal } from '../../../../domain/tax/vat-number';
import { countryName } from '../../common/format';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const KEYS: Record<VatNumberRefusal['reason'], string> = {
  format: 'admin.validation.vatNumber.format',
  check_digits: 'admin.validation.vatNumber.checkDigits',
  prefix: 'admin.validation.vatNumber.prefix',
};

/** A refusal of domain/tax/vat-number.ts in the screen's language: the member state by name, the example the server gives. */
export const vatNumberRefusalMessage = (r: VatNumberRefusal, t: Translate, language: string): string =>
  t(KEYS[r.reason], { country: countryName(r.country, language), example: r.example, given: r.given });

/** What the party's VAT number and country are; `country` empty or absent when none is known. */
export interface VatNumberParty {
  vatNumber?: string | null;
  country?: string | null;
}

/** Why the server would refuse this VAT number for this country, in the screen's language; null when it would take it. */
export const vatNumberMessage = (party: VatNumberParty, t: Translate, language: string): string | null => {
  const refusal = party.country ? vatNumberRefusal(party.vatNumber ?? '', party.country) : null;
  return refusal ? vatNumberRefusalMessage(refusal, t, language) : null;
};

/**
 * The form's rule for a VAT number, the server's check run as it is typed: against the country
 * `countryOf` reads (skipped when none is chosen), and not when neither changed from `stored` (the
 * server keeps a number saved before the checks until it or the country changes).
 */
export const vatNumberRule = (countryOf: () => string | null | undefined, t: Translate, language: string, stored?: VatNumberParty | null): RuleObject => ({
  validator: async (_rule, value: string | undefined) => {
    const country = countryOf();
    if (stored && (stored.vatNumber ?? '') === (value ?? '').trim() && (stored.country ?? '') === (country ?? '')) return;
    const message = vatNumberMessage({ vatNumber: value, country }, t, language);
    if (message) throw new Error(message);
  },
});

/**
 * The server's refusal of a VAT number (its English `vatNumberRefusalText`) in the screen's
 * language: the same check run here on what was sent gives the reason and example; any other text
 * (a number another supplier holds, a country the screen did not know) stays the server's.
 */
export const translatedVatRefusal = (text: string, sent: VatNumberParty, t: Translate, language: string): string => {
  const refusal = sent.country ? vatNumberRefusal(sent.vatNumber ?? '', sent.country) : null;
  return refusal && text === vatNumberRefusalText(refusal) ? vatNumberRefusalMessage(refusal, t, language) : text;
};
