import { ValidationError } from '../shared/errors';

/**
 * VAT treatment of invoice lines (EU VAT Directive; the codes are EN 16931's UNCL5305 subset the
 * product issues): S standard or reduced rate, Z zero rated, E exempt, AE reverse charge (the
 * buyer accounts for the VAT, Art. 196).
 */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE';
export const VAT_CATEGORIES: readonly VatCategory[] = ['S', 'Z', 'E', 'AE'];

export const isVatCategory = (value: unknown): value is VatCategory => typeof value === 'string' && (VAT_CATEGORIES as readonly string[]).includes(value);
export const UNKNOWN_VAT_CATEGORY = 'Unknown VAT category: use S (standard), Z (zero rated), E (exempt) or AE (reverse charge).';

/** The text an exempt line carries when none was given, and the one every reverse-charge line carries. */
export const DEFAULT_EXEMPTION_REASON = 'Exempt from VAT';
export const REVERSE_CHARGE_TEXT = 'Reverse charge';

/** ISO 3166-1 alpha-2 codes of the EU member states (Greece is GR here; its VAT numbers start EL). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

/** Every officially assigned ISO 3166-1 alpha-2 code. */
export const ISO_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

export const isCountryCode = (value: string): boolean => ISO_COUNTRIES.has(value);
export const NOT_A_COUNTRY = 'Enter a country as its two-letter ISO 3166-1 code (e.g. GR, CY, DE).';

/** Trims and upper-cases; the caller refuses what isCountryCode does not know. */
export const normaliseCountry = (value: string): string => value.trim().toUpperCase();

/** Who is named on a document (Art. 226 (5), (6) and (7)): legal name, address, country, VAT number. */
export interface Party {
  name: string;
  /** Lines separated by newlines. */
  address: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** With or without the country prefix; empty when the party has none. */
  vatNumber: string;
}

export interface SellerParty extends Party {
  registrationNumber: string;
}

/** The parties as they were when the document was written: a document of record never changes with a client's record. */
export interface DocumentParties {
  seller: SellerParty;
  buyer: Party;
}

/**
 * Reverse charge (Art. 196): a business buyer (it has a VAT number) established in another member
 * state than the seller, both in the EU. The buyer then accounts for the VAT.
 */
export const isReverseCharge = ({ seller, buyer }: { seller: Pick<Party, 'country'>; buyer: Pick<Party, 'country' | 'vatNumber'> }): boolean =>
  EU_COUNTRIES.has(seller.country) && EU_COUNTRIES.has(buyer.country) && seller.country !== buyer.country && buyer.vatNumber.trim() !== '';

/** A line's VAT as asked: a rate, and a category when the user chose one. */
export interface LineVatInput {
  vatRateBp: number;
  vatCategory?: VatCategory;
  exemptionReason?: string;
}

export interface LineVat {
  vatRateBp: number;
  vatCategory: VatCategory;
  /** Set for E and AE (EN 16931 BR-E-10, BR-AE-10). */
  exemptionReason?: string;
}

const refuse = (message: string): never => {
  throw new ValidationError(message, { lines: [message] });
};

/**
 * Decides a line's VAT. Without a category a positive rate is S and 0 % is Z. A reverse-charge
 * invoice turns every line that is not exempt into AE at 0 % whatever rate was asked (the product's
 * price carries its usual rate; the buyer accounts for the VAT). Contradictions are refused.
 */
export const decideLineVat = (line: LineVatInput, reverseCharge: boolean): LineVat => {
  const reason = line.exemptionReason?.trim() || undefined;
  if (line.vatCategory === 'E') {
    if (line.vatRateBp !== 0) refuse('An exempt (E) line carries a VAT rate of 0 %.');
    return { vatRateBp: 0, vatCategory: 'E', exemptionReason: reason ?? DEFAULT_EXEMPTION_REASON };
  }
  if (reverseCharge) return { vatRateBp: 0, vatCategory: 'AE', exemptionReason: REVERSE_CHARGE_TEXT };
  switch (line.vatCategory) {
    case 'AE':
      return refuse('Reverse charge (AE) applies only to a business buyer with a VAT number in another EU member state.');
    case 'Z':
      if (line.vatRateBp !== 0) refuse('A zero-rated (Z) line carries a VAT rate of 0 %.');
      return { vatRateBp: 0, vatCategory: 'Z' };
    case 'S':
      if (line.vatRateBp === 0) refuse('A standard-rated (S) line needs a VAT rate above 0 %.');
      return { vatRateBp: line.vatRateBp, vatCategory: 'S' };
    default:
      return line.vatRateBp > 0 ? { vatRateBp: line.vatRateBp, vatCategory: 'S' } : { vatRateBp: 0, vatCategory: 'Z' };
  }
};

/**
 * The category of a line; lines written before categories existed are S or Z by their rate. Events
 * reach the domain with it (the upcaster gives it to old ones); rows kept before that (read models
 * not rebuilt since, a reactor's folded state) may still lack it, and their readers ask here.
 */
export const categoryOf = (line: { vatRateBp: number; vatCategory?: VatCategory }): VatCategory =>
  line.vatCategory ?? (line.vatRateBp > 0 ? 'S' : 'Z');
