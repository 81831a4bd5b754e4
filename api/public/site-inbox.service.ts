import { randomUUID } from 'node:crypto';
import { FORM_INVALID_MESSAGE } from '../../domain/site/form-rules';
import type { AppDeps } from '../deps';
import { parseInput } from '../http/validate';
import { contactSchema, demoSchema } from './site-forms.schema';
import { mailContactToSales, mailDemoRequest } from './site-mail';

export interface CompanyInfo {
  name: string;
  address: string;
  phone: string;
  email: string;
  registration_number: string;
  vat_number: string;
  jurisdiction: string;
}

export interface SubmitMeta {
  language?: string;
}

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The public website's inbox: contact messages and demo requests, each mailed to sales. */
export class SiteInboxService {
  constructor(private readonly deps: AppDeps) {}

  async companyInfo(): Promise<CompanyInfo> {
    const row = await this.deps.db('company_settings')
      .where({ id: 1 })
      .first('name', 'address', 'phone', 'email', 'registration_number', 'vat_number', 'jurisdiction');
    if (!row) throw new Error('company_settings row 1 is missing');
    return row as CompanyInfo;
  }

  async submitContact(body: unknown, meta: SubmitMeta = {}): Promise<{ id: string }> {
    const input = parseInput(contactSchema, body, FORM_INVALID_MESSAGE);
    const id = randomUUID();
    await this.deps.db.transaction(async (trx) => {
      await trx('contact_messages').insert({ id, ...input, language: meta.language ?? null });
      await mailContactToSales(trx, id, this.deps.config.salesEmail, input);
    });
    return { id };
  }

  async submitDemo(body: unknown, meta: SubmitMeta = {}): Promise<{ id: string }> {
    // One day of slack: the visitor's "today" may be the server's yesterday or tomorrow.
    const yesterday = dayOf(new Date(this.deps.clock().getTime() - 24 * 60 * 60 * 1000));
    const input = parseInput(demoSchema(yesterday), body, FORM_INVALID_MESSAGE);
    const id = randomUUID();
    await this.deps.db.transaction(async (trx) => {
      const company = await trx('company_settings').where({ id: 1 }).first('name');
      await trx('demo_requests').insert({ id, ...input, message: input.message ?? null, language: meta.language ?? null });
      await mailDemoRequest(trx, id, this.deps.config.salesEmail, company?.name ?? this.deps.config.company.name, input);
    });
    return { id };
  }
}
