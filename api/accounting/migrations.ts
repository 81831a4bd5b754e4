import type { Knex } from 'knex';
import type { Migration } from '../../eventstore/migration';
import { ACCOUNT_TYPES, CASH_FLOW_CLASSES, DEFAULT_CHART, type SystemAccountKey } from '../../domain/accounting/accounts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A system account of the default chart added to an existing one: with the next free code when the
 * chart took its code, and a name with `(${feature})` when the chart gave another account its name;
 * an account with its id already there becomes the system account.
 */
const addSystemAccount = async (db: Knex, key: SystemAccountKey, feature: string): Promise<void> => {
  const a = DEFAULT_CHART.find((x) => x.systemKey === key)!;
  if (!(await db('accounts').where({ id: a.id }).first('id'))) {
    const taken = new Set((await db('accounts').select('code')).map((r: { code: string }) => r.code));
    let code = Number(a.code);
    while (taken.has(String(code))) code++;
    const named = await db('accounts').whereRaw('lower(account_name) = lower(?)', [a.name]).first('id');
    await db('accounts').insert({ id: a.id, code: String(code), account_name: named ? `${a.name} (${feature})` : a.name, type: a.type, cash_flow_class: a.cashFlowClass });
  }
  await db('accounts').where({ id: a.id }).whereNull('system_key').update({ system_key: a.systemKey, is_active: true });
};

/** The chart of accounts is an ordinary table; its default rows have fixed ids that postings use. */
export const accountingMigrations: Migration[] = [
  {
    name: '202611220050_accounting_accounts',
    up: async (db) => {
      await db.schema.createTable('accounts', (t) => {
        t.uuid('id').primary();
        t.text('code').notNullable().unique();
        t.text('account_name').notNullable();
        t.text('type').notNullable();
        t.text('cash_flow_class').notNullable();
        t.boolean('is_active').notNullable().defaultTo(true);
        t.text('system_key').unique();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.raw(`alter table accounts add constraint accounts_type_check check (type in (${list(ACCOUNT_TYPES)}))`);
      await db.raw(`alter table accounts add constraint accounts_class_check check (cash_flow_class in (${list(CASH_FLOW_CLASSES)}))`);
      await db.raw('create unique index accounts_name_lower on accounts (lower(account_name))');
      await db('accounts')
        .insert(
          DEFAULT_CHART.map((a) => ({
            id: a.id,
            code: a.code,
            account_name: a.name,
            type: a.type,
            cash_flow_class: a.cashFlowClass,
            system_key: a.systemKey,
          })),
        )
        .onConflict('id')
        .ignore();
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('accounts');
    },
  },
  {
    // Money movements after a payment post to two more system accounts: gateway fees (the default
    // chart's 5500) and card payments held back under dispute (new, 1020). Installs that renamed
    // 5500 keep their name; one that deleted it, or took its code or name, gets it back as it can.
    name: '202611250400_accounting_fee_and_dispute_accounts',
    up: async (db) => {
      const wanted = DEFAULT_CHART.filter((a) => a.systemKey === 'paymentFees' || a.systemKey === 'disputedPayments');
      for (const a of wanted) {
        await db.raw('insert into accounts (id, code, account_name, type, cash_flow_class) values (?, ?, ?, ?, ?) on conflict do nothing', [a.id, a.code, a.name, a.type, a.cashFlowClass]);
        await db('accounts').where({ id: a.id }).whereNull('system_key').update({ system_key: a.systemKey, is_active: true });
      }
    },
  },
  {
    // Credit balance applied from one invoice to another passes through a new system account (2150),
    // which nets to zero once both halves of a transfer are recorded.
    name: '202611260100_accounting_credit_transfer_account',
    up: async (db) => {
      const a = DEFAULT_CHART.find((x) => x.systemKey === 'creditTransfers')!;
      await db.raw('insert into accounts (id, code, account_name, type, cash_flow_class) values (?, ?, ?, ?, ?) on conflict do nothing', [a.id, a.code, a.name, a.type, a.cashFlowClass]);
      await db('accounts').where({ id: a.id }).whereNull('system_key').update({ system_key: a.systemKey, is_active: true });
    },
  },
  {
    // Year-end close posts to Retained Earnings (3100): a system account from now on. The fiscal
    // year's first month (1 = January) is a company setting; reports' default periods follow it.
    name: '202611270000_i19lock_retained_earnings_fiscal_year',
    up: async (db) => {
      const a = DEFAULT_CHART.find((x) => x.systemKey === 'retainedEarnings')!;
      await db.raw('insert into accounts (id, code, account_name, type, cash_flow_class) values (?, ?, ?, ?, ?) on conflict do nothing', [a.id, a.code, a.name, a.type, a.cashFlowClass]);
      await db('accounts').where({ id: a.id }).whereNull('system_key').update({ system_key: a.systemKey, is_active: true });
      await db.schema.alterTable('company_settings', (t) => {
        t.integer('fiscal_year_start_month').notNullable().defaultTo(1);
      });
      await db.raw('alter table company_settings add constraint company_settings_fiscal_month_check check (fiscal_year_start_month between 1 and 12)');
    },
  },
  {
    // Invoices written off as uncollectible post to a new system expense account, Bad Debts (5800);
    // a payment that arrives later recovers it (credited back there).
    name: '202611290300_i35writeoff_bad_debts_account',
    up: async (db) => {
      const a = DEFAULT_CHART.find((x) => x.systemKey === 'badDebts')!;
      await db.raw('insert into accounts (id, code, account_name, type, cash_flow_class) values (?, ?, ?, ?, ?) on conflict do nothing', [a.id, a.code, a.name, a.type, a.cashFlowClass]);
      await db('accounts').where({ id: a.id }).whereNull('system_key').update({ system_key: a.systemKey, is_active: true });
    },
  },
  {
    // Money accounts: cash payments go to Cash on Hand (1050) from now on; those recorded before stay on Bank.
    name: '202611290400_i38bank_cash_on_hand_account',
    up: async (db) => {
      const a = DEFAULT_CHART.find((x) => x.systemKey === 'cashOnHand')!;
      if (await db('accounts').where({ id: a.id }).first('id')) return;
      // A chart that already uses 1050 for an account of its own keeps it: Cash on Hand takes the next free code.
      const taken = new Set((await db('accounts').select('code')).map((r: { code: string }) => r.code));
      let code = Number(a.code);
      while (taken.has(String(code))) code++;
      await db('accounts').insert({ id: a.id, code: String(code), account_name: a.name, type: a.type, cash_flow_class: a.cashFlowClass, system_key: a.systemKey });
    },
  },
  {
    // Posted bills owe their suppliers on Accounts Payable (2000): a system account from now on. An
    // install that deleted it, or took its code, gets it back as Cash on Hand did.
    name: '202611300320_i39purchases_payables_account',
    up: (db) => addSystemAccount(db, 'payables', 'bills'),
  },
  {
    // Issue 40: realised and unrealised exchange differences post to Exchange Gains (4900) and
    // Exchange Losses (5900), system accounts of every chart.
    name: '202611302200_i40currencies_exchange_accounts',
    up: async (db) => {
      await addSystemAccount(db, 'exchangeGains', 'currencies');
      await addSystemAccount(db, 'exchangeLosses', 'currencies');
    },
  },
];
