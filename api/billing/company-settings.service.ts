import type { Knex } from 'knex';
import { z } from 'zod';
import { NotFoundError } from '../../domain/shared/errors';
import type { AppDeps } from '../deps';
import { parseInput } from '../http/validate';
import { writeAudit } from './audit';
import { toIso, zEmail, zOptionalText, zRequiredText } from './wire';

export interface CompanySettings {
  name: string;
  address: string;
  phone: string;
  email: string;
  registration_number: string;
  vat_number: string;
  jurisdiction: string;
  updated_at: string;
}

const settingsInput = z.object({
  name: zRequiredText(200),
  address: zOptionalText(500),
  phone: zOptionalText(50),
  email: zEmail,
  registration_number: zOptionalText(100),
  vat_number: zOptionalText(100),
  jurisdiction: zOptionalText(200),
});

const COLUMNS = ['name', 'address', 'phone', 'email', 'registration_number', 'vat_number', 'jurisdiction', 'updated_at'];

export const readCompanySettings = async (db: Knex): Promise<CompanySettings> => {
  const row = await db('company_settings').where({ id: 1 }).first(COLUMNS);
  if (!row) throw new NotFoundError('Company settings are missing.');
  return { ...row, updated_at: toIso(row.updated_at) };
};

/** The seller on invoices, the company-info endpoint and the terms page: one row, id 1. */
export class CompanySettingsService {
  constructor(private readonly deps: AppDeps) {}

  get(): Promise<CompanySettings> {
    return readCompanySettings(this.deps.db);
  }

  async update(body: unknown, actor: string): Promise<CompanySettings> {
    const input = parseInput(settingsInput, body);
    await this.deps.db.transaction(async (trx) => {
      const before = await trx('company_settings').where({ id: 1 }).forUpdate().first(COLUMNS);
      if (!before) throw new NotFoundError('Company settings are missing.');
      const now = this.deps.clock();
      await trx('company_settings').where({ id: 1 }).update({ ...input, updated_at: now });
      await writeAudit(trx, { actor, entity: 'company_settings', entityId: '1', action: 'update', before, after: input, at: now });
    });
    return this.get();
  }
}
