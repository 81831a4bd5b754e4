import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ContactInput, DemoInput } from '../../domain/site/form-rules';
import type { CompanyInfo } from '../platform/contracts/rest.contract';
import type { AppDeps } from '../platform/deps';
import { hitCounter } from '../platform/rate-limit/counter';
import { mailContact, mailDemoRequest } from './site-mail';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubmitMeta {
  language?: string;
}

/**
 * The public website's inbox: contact messages and demo requests, each stored and mailed to sales
 * (the back office lists them too); each is confirmed to its sender, at most
 * `confirmationMailsPerRecipient` times a day per address.
 */
export class SiteInboxService {
  constructor(private readonly deps: AppDeps) {}

  async companyInfo(): Promise<CompanyInfo> {
    const row = await this.deps.db('company_settings')
      .where({ id: 1 })
      .first('name', 'address', 'phone', 'email', 'registration_number', 'vat_number', 'jurisdiction');
    if (!row) throw new Error('company_settings row 1 is missing');
    return row as CompanyInfo;
  }

  async submitContact(input: ContactInput, meta: SubmitMeta = {}): Promise<{ id: string }> {
    const id = randomUUID();
    await this.deps.db.transaction(async (trx) => {
      await trx('contact_messages').insert({ id, ...input, language: meta.language ?? null });
      await mailContact(trx, id, this.deps.config.salesEmail, input, await this.mayConfirm(trx, input.email), meta.language);
    });
    return { id };
  }

  async submitDemo(input: DemoInput, meta: SubmitMeta = {}): Promise<{ id: string }> {
    const id = randomUUID();
    await this.deps.db.transaction(async (trx) => {
      await trx('demo_requests').insert({ id, ...input, message: input.message ?? null, language: meta.language ?? null });
      await mailDemoRequest(trx, id, this.deps.config.salesEmail, input, await this.mayConfirm(trx, input.email), meta.language);
    });
    return { id };
  }

  /**
   * Whether a confirmation may go to this unverified address: at most `confirmationMailsPerRecipient`
   * a day, contact and demo together. Counted in the caller's transaction: a submission that is not
   * stored spends nothing of the cap.
   */
  private async mayConfirm(trx: Knex, email: string): Promise<boolean> {
    const sent = await hitCounter(trx, `confirmation-mail:${email.toLowerCase()}`, { windowMs: DAY_MS }, this.deps.clock());
    return sent.hits <= this.deps.limits.confirmationMailsPerRecipient;
  }
}
