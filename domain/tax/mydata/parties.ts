import type { Party } from '../../invoice/vat';
import { ValidationError } from '../../shared/errors';
import { vatNumberWithoutPrefix } from '../vat-number';
import { ISSUER_COUNTRY } from './invoice-type';

/**
 * The issuer and the counterpart of a myDATA document (PartyType). AADE knows Greek businesses by
 * their AFM (nine digits, without the EL prefix) and fills in their name and address from its own
 * registry: it refuses a name or an address for a Greek issuer, and a name for a Greek counterpart.
 * A counterpart abroad is named, with a postal code and a city (AddressType asks for both).
 */
export interface MyDataParty {
  vatNumber: string;
  country: string;
  /** The establishment: 0 is the head office (the product has no branches). */
  branch: 0;
  name?: string;
  address?: { street?: string; postalCode: string; city: string };
}

/** The text lengths AADE's schema allows (PartyType, AddressType). */
const MAX_VAT_NUMBER = 30;
const MAX_NAME = 200;
const MAX_STREET = 150;
const MAX_CITY = 150;

const refuse = (message: string): never => {
  throw new ValidationError(message);
};

/** At most `max` characters (the schema counts characters, not UTF-16 units). */
const clip = (text: string, max: number): string => Array.from(text).slice(0, max).join('');


const afm = (p: Pick<Party, 'name' | 'vatNumber'>, whose: string): string => {
  const number = vatNumberWithoutPrefix(p.vatNumber, ISSUER_COUNTRY);
  return /^\d{9}$/.test(number) ? number : refuse(`myDATA needs ${whose} Greek VAT number (AFM, nine digits): ${p.name} has "${p.vatNumber}".`);
};

/** The issuer: the company, established in Greece. */
export const issuerParty = (seller: Party): MyDataParty => {
  if (seller.country !== ISSUER_COUNTRY) refuse(`myDATA is for businesses established in Greece: the company's country is ${seller.country}.`);
  return { vatNumber: afm(seller, "the company's"), country: ISSUER_COUNTRY, branch: 0 };
};

/** A numeric postal code, with a country letter or a ZIP+4 part: "10115", "105" (of "105 64"), "L-1234", "98101-1234". */
const NUMERIC_CODE = /^(?:[A-Z]{1,3}-)?\d{3,}(?:-\d{4})?$/;
/** The second word of a code that leads a line: "64" of Greece's "105 64", "AB" of the Netherlands' "1012 AB". */
const LEADING_SECOND = /^(?:\d{2,3}|[A-Z]{2})$/;
/** The two words of a British or Canadian code that ends a line: "SW1A 1AA", "K1A 0B1". */
const OUTWARD = /^(?:[A-Z]{1,2}\d[A-Z\d]?|[A-Z]\d[A-Z])$/;
const INWARD = /^(?:\d[A-Z]{2}|\d[A-Z]\d)$/;

const place = (code: string[], city: string[]): { postalCode: string; city: string } | null => {
  const name = city.join(' ').replace(/,$/, '');
  return name ? { postalCode: code.join(' '), city: name } : null;
};

/** The postal code and city of an address's last line, when a postal code leads it ("105 64 Αθήνα") or ends it ("New York, NY 10001"). */
export const postalCodeAndCity = (line: string): { postalCode: string; city: string } | null => {
  const words = line.split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const [first, second] = [words[0]!, words[1]!];
  if (NUMERIC_CODE.test(first)) {
    const n = words.length > 2 && /^\d+$/.test(first) && LEADING_SECOND.test(second) ? 2 : 1;
    return place(words.slice(0, n), words.slice(n));
  }
  const [last, before] = [words.at(-1)!, words.at(-2)!];
  const n = words.length > 2 && ((INWARD.test(last) && OUTWARD.test(before)) || (/^\d{2}$/.test(last) && /^\d{3}$/.test(before))) ? 2 : 1;
  if (n === 1 && !NUMERIC_CODE.test(last)) return null;
  return place(words.slice(-n), words.slice(0, -n));
};

/** The free-text address (lines separated by newlines; one line split at its last comma) as street and city line. */
const addressOf = (buyer: Party): MyDataParty['address'] => {
  let lines = buyer.address.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length === 1 && lines[0]!.includes(',')) {
    const comma = lines[0]!.lastIndexOf(',');
    lines = [lines[0]!.slice(0, comma).trim(), lines[0]!.slice(comma + 1).trim()].filter(Boolean);
  }
  const found = lines.length > 0 ? postalCodeAndCity(lines.at(-1)!) : null;
  if (!found) return refuse(`myDATA needs the postal code and city of a buyer outside Greece: end ${buyer.name}'s address with a line such as "10115 Berlin".`);
  return { ...(lines.length > 1 ? { street: clip(lines[0]!, MAX_STREET) } : {}), postalCode: found.postalCode, city: clip(found.city, MAX_CITY) };
};

/** The counterpart: the buyer, by its VAT number; named and addressed when it is not in Greece. */
export const counterpartParty = (buyer: Party): MyDataParty => {
  if (buyer.country === ISSUER_COUNTRY) return { vatNumber: afm(buyer, "the buyer's"), country: ISSUER_COUNTRY, branch: 0 };
  const vatNumber = vatNumberWithoutPrefix(buyer.vatNumber, buyer.country);
  if (!vatNumber) refuse(`myDATA needs the buyer's VAT or tax number: ${buyer.name} has none.`);
  if (vatNumber.length > MAX_VAT_NUMBER) refuse(`myDATA takes a VAT or tax number of at most ${MAX_VAT_NUMBER} characters: ${buyer.name} has "${buyer.vatNumber}".`);
  return { vatNumber, country: buyer.country, branch: 0, name: clip(buyer.name.trim(), MAX_NAME), address: addressOf(buyer) };
};
