import type { Knex } from 'knex';
import { IBAN_TAKEN } from '../../domain/bank/money-account';
import { INVALID_BIC, INVALID_IBAN, isValidBic, isValidIban, normaliseIban } from '../../domain/billing/bank';
import { isCountryCode, normaliseCountry, NOT_A_COUNTRY } from '../../domain/invoice/vat';
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { bpToPercent } from '../../domain/shared/money';
import type { AppDeps } from '../platform/deps';
import type { CompanyInfo } from '../platform/contracts/rest.contract';
import { writeAudit } from '../platform/audit';
import type { UpdateCompanySettings } from '../../domain/billing/commands';
import { toIso } from '../platform/wire';
import { parseJson } from '../../projections/invoices/invoice-list';
import { REMINDER_DAYS_MESSAGES, reminderDaysProblems, sortReminderDays } from '../../domain/billing/reminders';

/** The company's details as GET /api/company-info/ shows them, and what only the back office sees and edits. */
export interface CompanySettings extends CompanyInfo {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /**
   * The default bank account's (money_accounts, the Bank page): what invoices print. Empty when it
   * has none: invoices then print no bank details. The company_settings columns of the same names
   * are no longer read or written (kept only so an older release can still start on this database).
   */
  iban: string;
  bic: string;
  /** Percent: what new products and invoice lines start with. */
  standard_vat_rate: number;
  /** Payment reminders: days from the due date, earliest first (negative: before it); empty: none. */
  reminder_days: number[];
  updated_at: string;
}

const COLUMNS = ['name', 'address', 'phone', 'email', 'registration_number', 'vat_number', 'jurisdiction', 'country', 'standard_vat_rate_bp', 'reminder_days', 'updated_at'];
/**
 * The bank details are the default bank account's. api/company sits below api/bank and imports
 * nothing of it, so it reads and writes that one row of money_accounts by SQL, in the same query and
 * transaction as the rest of the settings.
 */
const DEFAULT_BANK_IBAN = "coalesce((select iban from money_accounts where is_default), '') as iban";
const DEFAULT_BANK_BIC = "coalesce((select bic from money_accounts where is_default), '') as bic";
const IBAN_KEPT = 'The default bank account needs its IBAN: make another bank account the default on the Bank page instead.';
const NO_DEFAULT_BANK = 'There is no default bank account: add one on the Bank page.';

type Checked = Partial<Pick<CompanySettings, 'country' | 'iban' | 'bic'> & { reminder_days: string }>;

/** The optional country, bank details and reminder schedule of an update, checked; absent ones are left out. */
const optionalDetails = (command: UpdateCompanySettings): Checked => {
  const errors: FieldErrors = {};
  const out: Checked = {};
  if (command.country !== undefined) {
    out.country = normaliseCountry(command.country);
    if (!isCountryCode(out.country)) errors.country = [NOT_A_COUNTRY];
  }
  if (command.iban !== undefined) {
    out.iban = normaliseIban(command.iban);
    if (out.iban && !isValidIban(out.iban)) errors.iban = [INVALID_IBAN];
  }
  if (command.bic !== undefined) {
    out.bic = normaliseIban(command.bic);
    if (out.bic && !isValidBic(out.bic)) errors.bic = [INVALID_BIC];
  }
  if (command.reminderDays !== undefined) {
    const problems = reminderDaysProblems(command.reminderDays);
    if (problems.length > 0) errors.reminderDays = problems.map((p) => REMINDER_DAYS_MESSAGES[p]);
    else out.reminder_days = JSON.stringify(sortReminderDays(command.reminderDays));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError('Please correct the errors below.', errors);
  return out;
};

export const readCompanySettings = async (db: Knex): Promise<CompanySettings> => {
  const row = await db('company_settings').where({ id: 1 }).first([...COLUMNS, db.raw(DEFAULT_BANK_IBAN), db.raw(DEFAULT_BANK_BIC)]);
  if (!row) throw new NotFoundError('Company settings are missing.');
  const { standard_vat_rate_bp: rateBp, ...rest } = row;
  // The rate is null only between the migration and bootstrap's seeding.
  return { ...rest, standard_vat_rate: bpToPercent(rateBp ?? 0), reminder_days: parseJson(row.reminder_days) as number[], updated_at: toIso(row.updated_at) };
};

/** The seller on invoices, the company-info endpoint and the terms page: one row, id 1. */
export class CompanySettingsService {
  constructor(private readonly deps: AppDeps) {}

  get(): Promise<CompanySettings> {
    return readCompanySettings(this.deps.db);
  }

  async update(command: UpdateCompanySettings, actor: string): Promise<CompanySettings> {
    const { iban, bic, ...details } = optionalDetails(command);
    const input = {
      name: command.name,
      address: command.address,
      phone: command.phone,
      email: command.email,
      registration_number: command.registrationNumber,
      vat_number: command.vatNumber,
      jurisdiction: command.jurisdiction,
      ...details,
      ...(command.standardVatRateBp !== undefined ? { standard_vat_rate_bp: command.standardVatRateBp } : {}),
    };
    await this.deps.db.transaction(async (trx) => {
      const before = await trx('company_settings').where({ id: 1 }).forUpdate().first(COLUMNS);
      if (!before) throw new NotFoundError('Company settings are missing.');
      const now = this.deps.clock();
      await trx('company_settings').where({ id: 1 }).update({ ...input, updated_at: now });
      await writeAudit(trx, { actor, entity: 'company_settings', entityId: '1', action: 'update', before, after: input, at: now });
      await updateDefaultBankDetails(trx, { iban, bic }, actor, now);
    });
    return this.get();
  }
}

/**
 * The IBAN and BIC given with the settings go to the default bank account (audited as that money
 * account's change); absent ones are left as they are. A bank account keeps an IBAN once it has one,
 * and no two money accounts share one.
 */
const updateDefaultBankDetails = async (trx: Knex.Transaction, given: { iban?: string; bic?: string }, actor: string, now: Date): Promise<void> => {
  if (given.iban === undefined && given.bic === undefined) return;
  const bank: { id: string; iban: string | null; bic: string | null } | undefined = await trx('money_accounts').where({ is_default: true }).forUpdate().first('id', 'iban', 'bic');
  if (!bank) {
    if (given.iban || given.bic) throw new ValidationError('Please correct the errors below.', { iban: [NO_DEFAULT_BANK] });
    return;
  }
  const iban = given.iban === undefined ? bank.iban : given.iban || null;
  const bic = given.bic === undefined ? bank.bic : given.bic || null;
  if (iban === bank.iban && bic === bank.bic) return;
  if (!iban && bank.iban) throw new ValidationError('Please correct the errors below.', { iban: [IBAN_KEPT] });
  if (iban && (await trx('money_accounts').where({ iban }).whereNot({ id: bank.id }).first('id'))) throw new ValidationError('Please correct the errors below.', { iban: [IBAN_TAKEN] });
  await trx('money_accounts').where({ id: bank.id }).update({ iban, bic, version: trx.raw('version + 1'), updated_at: now });
  await writeAudit(trx, { actor, entity: 'money_account', entityId: bank.id, action: 'update', before: { iban: bank.iban, bic: bank.bic }, after: { iban, bic }, at: now });
};
