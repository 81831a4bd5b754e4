import type { Migration } from '../../eventstore/migration';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { trackTableVersion } from '../platform/db/table-versions';

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
];
