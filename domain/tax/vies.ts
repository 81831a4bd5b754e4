/**
 * The EU's VIES check of a VAT number (the Commission's REST service `check-vat-number`): whether
 * the number is registered for intra-EU trade on the day asked, with the name and address the
 * member state gives. A seller keeps the answer and its date as evidence for reverse charge. Pure:
 * the request to send and the reading of the answer; the call lives in api/clients.
 */
import { EU_COUNTRIES } from '../invoice/vat';
import { ValidationError } from '../shared/errors';
import { plainVatNumber, prefixedVatNumber, VAT_NUMBER_RULES } from './vat-number';

export interface ViesRequest {
  /** VIES's member state code: the VAT prefix (EL for Greece). */
  countryCode: string;
  /** The number without its prefix. */
  vatNumber: string;
}

export interface ViesAnswer {
  valid: boolean;
  /** The day VIES answered for (its `requestDate`), yyyy-mm-dd. */
  requestDate: string;
  /** VIES's consultation number, when the request named the requester; the evidence a tax audit asks for. */
  requestIdentifier: string | null;
  name: string | null;
  address: string | null;
}

export const NOT_IN_VIES = 'VIES checks VAT numbers of EU member states only: this client is not in one.';
export const NO_VAT_NUMBER = 'The client has no VAT number to check.';

/** The request for a party's number, or a refusal when VIES cannot answer for it. */
export const viesRequest = (vatNumber: string, country: string): ViesRequest => {
  if (!EU_COUNTRIES.has(country)) throw new ValidationError(NOT_IN_VIES);
  if (plainVatNumber(vatNumber) === '') throw new ValidationError(NO_VAT_NUMBER);
  const prefixed = prefixedVatNumber(vatNumber, country)!;
  const prefix = VAT_NUMBER_RULES[country]!.prefix;
  return { countryCode: prefix, vatNumber: prefixed.slice(prefix.length) };
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' && v.trim() !== '---' ? v.trim().slice(0, 500) : null);

/** What VIES says when it could not check (a member state's service down, too many requests): no answer to keep. */
export class ViesUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ViesUnavailable';
  }
}

/**
 * Reads VIES's JSON answer (hostile input: only the fields used, texts bounded). An answer with a
 * `userError` other than VALID/INVALID, or without `valid`, is no answer: ViesUnavailable.
 */
export const readViesAnswer = (json: unknown): ViesAnswer => {
  const a = (json ?? {}) as Record<string, unknown>;
  const error = typeof a.userError === 'string' ? a.userError : null;
  if (error && error !== 'VALID' && error !== 'INVALID') throw new ViesUnavailable(`VIES could not check the number (${error.slice(0, 60)}); try again later.`);
  if (typeof a.valid !== 'boolean') throw new ViesUnavailable('VIES answered without saying whether the number is valid; try again later.');
  const date = typeof a.requestDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(a.requestDate) ? a.requestDate.slice(0, 10) : null;
  if (!date) throw new ViesUnavailable('VIES answered without the date of its check; try again later.');
  return { valid: a.valid, requestDate: date, requestIdentifier: text(a.requestIdentifier), name: text(a.name), address: text(a.address) };
};
