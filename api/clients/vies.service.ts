import type { Knex } from 'knex';
import { NotFoundError, UnavailableError, ValidationError } from '../../domain/shared/errors';
import { readViesAnswer, viesRequest, ViesUnavailable } from '../../domain/tax/vies';
import { prefixedVatNumber } from '../../domain/tax/vat-number';
import { readCompanySettings } from '../company';
import { isUuid, toIso } from '../platform/wire';
import { isoDay } from '../../domain/shared/dates';

const TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 64 * 1024;
export const VIES_OFF = 'VIES checks are off: the operator sets VIES_URL to turn them on.';

export interface ViesCheck {
  id: string;
  checkedAt: string;
  countryCode: string;
  vatNumber: string;
  valid: boolean;
  requestDate: string;
  requestIdentifier: string | null;
  name: string | null;
  address: string | null;
}

interface Row {
  id: string | number;
  checked_at: Date | string;
  country_code: string;
  vat_number: string;
  valid: boolean;
  request_date: Date | string;
  request_identifier: string | null;
  name: string | null;
  address: string | null;
}

const checkOf = (r: Row): ViesCheck => ({
  id: String(r.id),
  checkedAt: toIso(r.checked_at),
  countryCode: r.country_code,
  vatNumber: r.vat_number,
  valid: r.valid,
  requestDate: isoDay(r.request_date),
  requestIdentifier: r.request_identifier,
  name: r.name,
  address: r.address,
});

/**
 * Checks a client's VAT number in VIES (when VIES_URL is set) and keeps each answer with its date:
 * the evidence that the buyer was a registered business when an invoice was reverse charged. The
 * company's own number goes with the request, so VIES answers a consultation number.
 */
export class ViesChecks {
  constructor(
    private readonly db: Knex,
    private readonly url: string | undefined,
  ) {}

  get enabled(): boolean {
    return this.url !== undefined;
  }

  async list(clientId: string): Promise<ViesCheck[]> {
    if (!isUuid(clientId) || !(await this.db('clients').where({ id: clientId }).first('id'))) throw new NotFoundError('Client not found.');
    return ((await this.db('client_vies_checks').where({ client_id: clientId }).orderBy('id', 'desc').limit(100)) as Row[]).map(checkOf);
  }

  async check(clientId: string, actor: string): Promise<ViesCheck> {
    if (!this.url) throw new ValidationError(VIES_OFF);
    if (!isUuid(clientId)) throw new NotFoundError('Client not found.');
    const client = (await this.db('clients').where({ id: clientId }).first('vat_number', 'country')) as { vat_number: string; country: string } | undefined;
    if (!client) throw new NotFoundError('Client not found.');
    const request = viesRequest(client.vat_number, client.country);
    const company = await readCompanySettings(this.db);
    const requester = company.country && company.vat_number ? prefixedVatNumber(company.vat_number, company.country) : null;
    const answer = readViesAnswerOrUnavailable(
      await this.call({
        ...request,
        ...(requester ? { requesterMemberStateCode: requester.slice(0, 2), requesterNumber: requester.slice(2) } : {}),
      }),
    );
    const [row] = (await this.db('client_vies_checks')
      .insert({ client_id: clientId, country_code: request.countryCode, vat_number: request.vatNumber, valid: answer.valid, request_date: answer.requestDate, request_identifier: answer.requestIdentifier, name: answer.name, address: answer.address, actor })
      .returning('*')) as Row[];
    return checkOf(row!);
  }

  private async call(body: object): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(this.url!, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body), redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new UnavailableError('VIES did not answer; try again later.');
    }
    const text = await res.text().catch(() => '');
    if (text.length > MAX_ANSWER_BYTES) throw new UnavailableError('VIES answered more than a check holds; try again later.');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UnavailableError(`VIES answered HTTP ${res.status} without a check; try again later.`);
    }
  }
}

const readViesAnswerOrUnavailable = (json: unknown) => {
  try {
    return readViesAnswer(json);
  } catch (err) {
    if (err instanceof ViesUnavailable) throw new UnavailableError(err.message);
    throw err;
  }
};
