import type { Knex } from 'knex';
import type { Migration } from '../../eventstore/migration';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { trackTableVersion } from '../platform/db/table-versions';

/** The company settings' IBAN and BIC into the default bank account, when it has no IBAN and no other account holds that one. */
export const copySettingsBankDetails = async (db: Knex): Promise<void> => {
  const settings: { iban: string | null; bic: string | null } | undefined = await db('company_settings').where({ id: 1 }).first('iban', 'bic');
  const iban = settings?.iban?.replace(/\s+/g, '').toUpperCase();
  if (!iban) return;
  if (await db('money_accounts').where({ iban }).first('id')) return;
  await db('money_accounts').where({ is_default: true }).whereNull('iban').update({ iban, bic: settings?.bic?.replace(/\s+/g, '').toUpperCase() || null, updated_at: db.fn.now() });
};

/**
 * Money accounts (bank accounts and the cash box), each with a ledger account of its own. The
 * books' existing Bank account (1000) becomes the default bank account, with the IBAN and BIC the
 * company settings held; Cash on Hand (1050) the cash box. Postings already made stay where they are.
 */
export const bankMigrations: Migration[] = [
  {
    name: '202611290410_i38bank_money_accounts',
    up: async (db) => {
      await db.schema.createTable('money_accounts', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('kind').notNullable();
        t.text('iban').unique();
        t.text('bic');
        t.uuid('ledger_account_id').notNullable().unique().references('accounts.id').onDelete('RESTRICT');
        t.boolean('is_default').notNullable().defaultTo(false);
        t.integer('version').notNullable().defaultTo(1);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.raw(`alter table money_accounts add constraint money_accounts_kind check (kind in ('bank', 'cash'))`);
      await db.raw(`alter table money_accounts add constraint money_accounts_default_is_bank check (not is_default or kind = 'bank')`);
      // At most one default bank account: the one invoices print.
      await db.raw('create unique index money_accounts_one_default on money_accounts (is_default) where is_default');
      await trackTableVersion(db, 'money_accounts');
      const settings = await db('company_settings').first('iban', 'bic');
      await db('money_accounts').insert([
        { id: 'b0000000-0000-4000-8000-000000001000', name: 'Bank', kind: 'bank', iban: settings?.iban || null, bic: settings?.bic || null, ledger_account_id: SYSTEM_ACCOUNT_IDS.bank, is_default: true },
        { id: 'b0000000-0000-4000-8000-000000001050', name: 'Cash on Hand', kind: 'cash', iban: null, bic: null, ledger_account_id: SYSTEM_ACCOUNT_IDS.cashOnHand, is_default: false },
      ]);
    },
  },
  {
    // Issue 38: imported statements and their lines (a line's reconciliation is an event: see
    // projections/bank-lines), and the CSV column mapping of each account.
    name: '202611291400_i38bank_statements',
    up: async (db) => {
      await db.schema.alterTable('money_accounts', (t) => {
        t.jsonb('csv_mapping');
      });
      await db.schema.createTable('bank_statements', (t) => {
        t.uuid('id').primary();
        t.uuid('money_account_id').notNullable().references('money_accounts.id').onDelete('RESTRICT');
        t.text('format').notNullable();
        t.text('bank_statement_id');
        t.text('iban');
        t.text('currency').notNullable();
        t.date('opening_date');
        t.bigInteger('opening_cents');
        t.date('closing_date');
        t.bigInteger('closing_cents');
        t.date('first_booking_date');
        t.date('last_booking_date');
        t.integer('lines_in_file').notNullable();
        t.integer('lines_added').notNullable();
        // Opening balance minus the previous statement's closing balance, when both are known and differ.
        t.bigInteger('opening_gap_cents');
        t.text('file_name').notNullable();
        t.text('file_sha256').notNullable();
        t.text('imported_by');
        t.timestamp('imported_at', { useTz: true }).notNullable();
        t.index(['money_account_id', 'closing_date']);
      });
      await db.schema.createTable('bank_statement_lines', (t) => {
        t.uuid('id').primary();
        t.uuid('money_account_id').notNullable().references('money_accounts.id').onDelete('RESTRICT');
        t.uuid('statement_id').notNullable().references('bank_statements.id').onDelete('RESTRICT');
        t.integer('position').notNullable();
        // SHA-256 of lineKeys' canonical text: the same line in a later file has the same key.
        t.text('line_key').notNullable();
        t.date('booking_date').notNullable();
        t.date('value_date').notNullable();
        t.bigInteger('amount_cents').notNullable();
        t.text('description').notNullable();
        t.text('counterparty_name');
        t.text('counterparty_iban');
        t.text('reference');
        t.text('bank_reference');
        t.unique(['money_account_id', 'line_key']);
        t.index(['money_account_id', 'booking_date']);
        t.index(['statement_id', 'position']);
      });
      await db.raw('alter table bank_statement_lines add constraint bank_statement_lines_amount check (amount_cents <> 0)');
      await trackTableVersion(db, 'bank_statements');
      await trackTableVersion(db, 'bank_statement_lines');
    },
  },
  {
    // Issue 38: rules that categorise recurring statement lines on import, tried in `position` order.
    name: '202611291500_i38bank_rules',
    up: async (db) => {
      await db.schema.createTable('bank_rules', (t) => {
        t.uuid('id').primary();
        t.integer('position').notNullable();
        t.text('name').notNullable();
        // The conditions and the posting as domain/bank/rules.ts's BankRule (without id and name).
        t.jsonb('rule').notNullable();
        t.integer('version').notNullable().defaultTo(1);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await trackTableVersion(db, 'bank_rules');
    },
  },
  {
    // Issue 38: the money account each payment method (and Stripe's payouts) goes to unless told
    // otherwise; a purpose without a row keeps the built-in rule. An account that is a default
    // cannot be deleted (the service says so first; the foreign key is the last word).
    name: '202611291700_i38bank_money_account_defaults',
    up: async (db) => {
      await db.schema.createTable('money_account_defaults', (t) => {
        t.text('purpose').primary();
        t.uuid('money_account_id').notNullable().references('money_accounts.id').onDelete('RESTRICT');
      });
      await db.raw(`alter table money_account_defaults add constraint money_account_defaults_purpose check (purpose in ('bank', 'manual', 'cash', 'other', 'payout'))`);
    },
  },
  {
    // Issue 38: invoices print the default bank account's IBAN and BIC, no longer the company
    // settings' (whose columns stay, unread). Settings given an IBAN after the money accounts were
    // made pass it to the default bank account when that has none and no other account holds it.
    name: '202611291710_i38bank_default_account_prints',
    up: copySettingsBankDetails,
  },
  {
    // Issue 38: an import writes a statement's lines while it still reads the file, and its
    // statement row last, once the file is proved: the lines' reference to it is checked at commit.
    name: '202611300530_i38bank_line_statement_at_commit',
    up: async (db) => {
      await db.raw('alter table bank_statement_lines alter constraint bank_statement_lines_statement_id_foreign deferrable initially deferred');
    },
  },
];
