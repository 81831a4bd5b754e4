import type { DocumentLine } from '../../einvoice/document';
import { ValidationError } from '../../shared/errors';
import type { BuyerZone } from './types';

/**
 * AADE's VAT categories (table "Κατηγορία ΦΠΑ"): 1 = 24 %, 2 = 13 %, 3 = 6 %, 4 = 17 %, 5 = 9 %,
 * 6 = 4 % (17, 9 and 4 % are the reduced rates of some Aegean islands), 7 = 0 % ("without VAT",
 * which then needs an exemption category), 8 = records without VAT (payroll, depreciation: never on
 * a sales document). Categories 9 (3 %) and 10 (4 %) exist only for the areas of art. 31 of
 * Law 5057/2023; the product does not issue them, so 3 % is refused and 4 % is category 6.
 */
export type MyDataVatCategory = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const CATEGORY_BY_RATE: ReadonlyMap<number, MyDataVatCategory> = new Map([
  [2400, 1],
  [1300, 2],
  [600, 3],
  [1700, 4],
  [900, 5],
  [400, 6],
]);
const KNOWN_RATES = '24, 13, 6, 17, 9 or 4 %';

/** The category of no VAT charged (0 %), which always comes with an exemption category. */
export const WITHOUT_VAT: MyDataVatCategory = 7;

/**
 * The exemption categories (table "Κατηγορία Αιτίας Εξαίρεσης ΦΠΑ", 1 to 31) the product uses.
 * Articles are those of the Greek VAT Code as codified by Law 5144/2024, which AADE's current table
 * cites; older tables cite the Law 2859/2000 numbering, given in brackets.
 */
export const VAT_EXEMPTION = {
  /**
   * 4: art. 18 (formerly 14), the place of supply of services. A service to a business in another
   * member state is supplied where that business is (VAT Directive Art. 44), which accounts for the
   * VAT (reverse charge, Art. 196): the product's AE lines; so is a service to a customer outside
   * the EU, which is outside the scope of Greek VAT: its Z lines. (Intra-community supplies of goods
   * would be 14, art. 33, formerly 28, and exports of goods 8, art. 29, formerly 24: the product
   * sells services, on AADE's service invoices 2.1 to 2.3.)
   */
  servicesSuppliedAbroad: 4,
  /** 7: art. 27 (formerly 22), activities exempt within the country (VAT Directive Art. 132: education, medical care …): the product's E lines. */
  exemptActivity: 7,
} as const;
export type MyDataVatExemption = (typeof VAT_EXEMPTION)[keyof typeof VAT_EXEMPTION];

export interface MyDataLineVat {
  vatCategory: MyDataVatCategory;
  /** Set exactly when `vatCategory` is 7 (AADE refuses a 0 % line without one). */
  vatExemptionCategory?: MyDataVatExemption;
}

const percent = (bp: number): string => `${Math.trunc(bp / 100)}${bp % 100 ? `.${String(bp % 100).padStart(2, '0').replace(/0$/, '')}` : ''} %`;

const refuse = (message: string): never => {
  throw new ValidationError(message, { lines: [message] });
};

/**
 * A line's VAT as myDATA states it. S lines map their rate to AADE's category (a rate AADE does
 * not know is refused); E, AE and Z lines charge nothing (7) and say why. A zero-rated line is an
 * export: Greece has no 0 % rate for a sale at home or to another member state, so Z is refused
 * unless the buyer is outside the EU, and AE unless the buyer is in another member state.
 */
export const myDataLineVat = (line: Pick<DocumentLine, 'vatCategory' | 'vatRateBp'>, zone: BuyerZone): MyDataLineVat => {
  switch (line.vatCategory) {
    case 'S':
      return { vatCategory: CATEGORY_BY_RATE.get(line.vatRateBp) ?? refuse(`myDATA has no VAT category for a rate of ${percent(line.vatRateBp)}: AADE knows ${KNOWN_RATES}.`) };
    case 'E':
      return { vatCategory: WITHOUT_VAT, vatExemptionCategory: VAT_EXEMPTION.exemptActivity };
    case 'AE':
      if (zone !== 'intra_eu') refuse('A reverse-charge (AE) line needs a buyer in another EU member state.');
      return { vatCategory: WITHOUT_VAT, vatExemptionCategory: VAT_EXEMPTION.servicesSuppliedAbroad };
    case 'Z':
      if (zone !== 'third_country') refuse('A zero-rated (Z) line is a service supplied outside the EU and needs a buyer there: myDATA has no 0 % rate for a sale in Greece or within the EU.');
      return { vatCategory: WITHOUT_VAT, vatExemptionCategory: VAT_EXEMPTION.servicesSuppliedAbroad };
    default: {
      const _exhaustive: never = line.vatCategory;
      return _exhaustive;
    }
  }
};
