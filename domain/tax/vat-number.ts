/**
 * VAT numbers of the EU member states checked by format and check digits (jsvat), so a buyer's or a
 * supplier's number is not taken on trust: a reverse-charge invoice and the EC Sales List name it.
 * Numbers of other countries are tax ids of many shapes and are kept as written.
 */
import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  type Country,
} from 'jsvat';

interface Rule {
  jsvat: Country;
  /** The VAT number's prefix (Greece's is EL, not its ISO code). */
  prefix: string;
  /** What follows the prefix, in words. */
  format: string;
  /** A number that passes the check, to show the shape. */
  example: string;
}

const rule = (jsvat: Country, prefix: string, format: string, example: string): Rule => ({ jsvat, prefix, format, example });

/** Per ISO 3166-1 code of a member state. */
export const VAT_NUMBER_RULES: Readonly<Record<string, Rule>> = {
  AT: rule(austria, 'AT', 'U and 8 digits', 'ATU13585627'),
  BE: rule(belgium, 'BE', '10 digits', 'BE0411905847'),
  BG: rule(bulgaria, 'BG', '9 or 10 digits', 'BG175074752'),
  HR: rule(croatia, 'HR', '11 digits', 'HR33392005961'),
  CY: rule(cyprus, 'CY', '8 digits and a letter', 'CY10259033P'),
  CZ: rule(czechRepublic, 'CZ', '8 to 10 digits', 'CZ25123891'),
  DK: rule(denmark, 'DK', '8 digits', 'DK13585628'),
  EE: rule(estonia, 'EE', '9 digits', 'EE100931558'),
  FI: rule(finland, 'FI', '8 digits', 'FI09853608'),
  FR: rule(france, 'FR', '2 letters or digits and 9 digits', 'FR40303265045'),
  DE: rule(germany, 'DE', '9 digits', 'DE812871812'),
  GR: rule(greece, 'EL', '9 digits', 'EL094014201'),
  HU: rule(hungary, 'HU', '8 digits', 'HU12892312'),
  IE: rule(ireland, 'IE', '7 digits and 1 or 2 letters', 'IE6388047V'),
  IT: rule(italy, 'IT', '11 digits', 'IT00743110157'),
  LV: rule(latvia, 'LV', '11 digits', 'LV40003521600'),
  LT: rule(lithuania, 'LT', '9 or 12 digits', 'LT119511515'),
  LU: rule(luxembourg, 'LU', '8 digits', 'LU15027442'),
  MT: rule(malta, 'MT', '8 digits', 'MT11679112'),
  NL: rule(netherlands, 'NL', '9 digits, B and 2 digits', 'NL004495445B01'),
  PL: rule(poland, 'PL', '10 digits', 'PL8567346215'),
  PT: rule(portugal, 'PT', '9 digits', 'PT501964843'),
  RO: rule(romania, 'RO', '2 to 10 digits', 'RO18547290'),
  SK: rule(slovakiaRepublic, 'SK', '10 digits', 'SK2022749619'),
  SI: rule(slovenia, 'SI', '8 digits', 'SI50223054'),
  ES: rule(spain, 'ES', '9 letters or digits', 'ESA28017895'),
  SE: rule(sweden, 'SE', '12 digits', 'SE556188840401'),
};

const PREFIXES: ReadonlySet<string> = new Set(Object.values(VAT_NUMBER_RULES).map((r) => r.prefix));

/** Why a number was refused: its shape, its check digits, or another member state's prefix. */
export interface VatNumberRefusal {
  reason: 'format' | 'check_digits' | 'prefix';
  /** The member state the number was checked for (ISO code). */
  country: string;
  prefix: string;
  format: string;
  example: string;
  /** The prefix the number starts with, for `prefix`. */
  given?: string;
}

/** Letters and digits only, upper case: how a number is checked and compared. */
export const plainVatNumber = (vatNumber: string): string => vatNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * The number without its country's prefix (EL or GR for Greece), letters and digits only, upper
 * case: how numbers are compared (one supplier per number) and how myDATA states a party's.
 */
export const vatNumberWithoutPrefix = (vatNumber: string, country: string): string => {
  const plain = plainVatNumber(vatNumber);
  const prefixes = country === 'GR' ? ['EL', 'GR'] : [country];
  const prefix = prefixes.find((p) => plain.startsWith(p) && plain.length > p.length);
  return prefix ? plain.slice(prefix.length) : plain;
};

/** The number with its member state's prefix (added when written without it); null outside the EU rules or when empty. */
export const prefixedVatNumber = (vatNumber: string, country: string): string | null => {
  const r = VAT_NUMBER_RULES[country];
  const plain = plainVatNumber(vatNumber);
  if (!r || plain === '') return null;
  if (plain.startsWith(r.prefix) || (country === 'GR' && plain.startsWith('GR'))) return country === 'GR' ? `EL${plain.slice(2)}` : plain;
  return `${r.prefix}${plain}`;
};

/**
 * Null when `vatNumber` may stand for a party in `country`: empty (none), a country outside the EU
 * rules, or a number of that member state whose format and check digits are right.
 */
export const vatNumberRefusal = (vatNumber: string, country: string): VatNumberRefusal | null => {
  const r = VAT_NUMBER_RULES[country];
  const plain = plainVatNumber(vatNumber);
  if (!r || plain === '') return null;
  const base = { country, prefix: r.prefix, format: r.format, example: r.example };
  const head = plain.slice(0, 2);
  const own = head === r.prefix || (country === 'GR' && head === 'GR');
  if (!own && /^[A-Z]{2}$/.test(head) && PREFIXES.has(head) && !(country === 'FR' && /^[A-Z]{2}\d{9}$/.test(plain))) return { reason: 'prefix', ...base, given: head };
  const result = checkVAT(prefixedVatNumber(plain, country)!, [r.jsvat]);
  if (result.isValid) return null;
  return { reason: result.isValidFormat ? 'check_digits' : 'format', ...base };
};

/** The refusal in English, saying the format expected (the API's 400; the screens translate the same fields). */
export const vatNumberRefusalText = (r: VatNumberRefusal): string => {
  const expected = `a VAT number of ${r.country} is ${r.prefix} followed by ${r.format} (e.g. ${r.example})`;
  switch (r.reason) {
    case 'prefix':
      return `This VAT number starts with ${r.given}, another member state's prefix: ${expected}.`;
    case 'check_digits':
      return `This VAT number's check digits are wrong (a typing error?): ${expected}.`;
    default:
      return `This is not a VAT number of ${r.country}: ${expected}.`;
  }
};

/** The refusal's text for a field, or null: for the services' field errors. */
export const checkVatNumber = (vatNumber: string, country: string): string | null => {
  const r = vatNumberRefusal(vatNumber, country);
  return r ? vatNumberRefusalText(r) : null;
};
