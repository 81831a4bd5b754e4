import type { Knex } from 'knex';
import type { Migration } from '../../eventstore/migration';
import { fillDeferredPaymentsFromLines } from './deferred-payments/writer';
import { fillDueSumsFromReceivables, fillInvoiceReceivablesFromLines, KEPT_PAYMENT_CLIENTS } from './receivables/writer';

export const LEDGER_TABLES = [
  'ledger_entries',
  'ledger_lines',
  'ledger_balances_daily',
  'ledger_balances_monthly',
  'ledger_balances_yearly',
  'receivable_changes',
  'receivable_balances',
  'receivable_due_changes',
  'receivable_due_balances',
  'ledger_books',
  'vat_movements_daily',
  'ec_sales_daily',
  'ledger_deferred_payments',
  'receivable_term_spans',
];


/**
 * Empties the ledger's tables and resets its checkpoint, so the runner rebuilds it from the events:
 * for a read model that needs what older postings did not keep. Nothing to do on a fresh database.
 */
const replayLedger = async (db: Knex): Promise<void> => {
  if (!(await db('ledger_entries').first('entry_id'))) return;
  // Tables of later migrations do not exist yet when an earlier one runs.
  for (const table of LEDGER_TABLES) if (await db.schema.hasTable(table)) await db(table).del();
  if (await db.schema.hasTable('projection_checkpoints')) {
    await db('projection_checkpoints').where({ name: 'ledger' }).update({ position: null, events_processed: 0, last_error: null, error_event_id: null, error_position: null, error_at: null });
  }
};

/**
 * The ledger read models: entries (one row per journal entry, invoice or payment), their lines
 * (append-only: corrections add reversal lines), and debit/credit totals per account per day,
 * month and year, which is all the reports read.
 */
export const ledgerMigrations: Migration[] = [
  {
    name: '202611220051_ledger_read_models',
    up: async (db) => {
      await db.schema.createTable('ledger_entries', (t) => {
        t.uuid('entry_id').primary();
        t.text('source_type').notNullable();
        t.text('source_id').notNullable();
        t.text('invoice_id');
        t.text('status').notNullable();
        t.date('date').notNullable();
        t.text('description').notNullable();
        t.integer('version').notNullable();
        t.uuid('revenue_account_id');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.text('created_by').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.text('updated_by').notNullable();
        t.index(['source_type', 'status', 'date']);
        t.index(['invoice_id']);
      });
      await db.schema.createTable('ledger_lines', (t) => {
        t.bigIncrements('id');
        t.uuid('entry_id').notNullable();
        t.integer('entry_version').notNullable();
        t.text('kind').notNullable();
        t.integer('line_no').notNullable();
        t.date('date').notNullable();
        t.uuid('account_id').notNullable();
        t.bigInteger('debit_cents').notNullable();
        t.bigInteger('credit_cents').notNullable();
        t.text('description').notNullable();
        t.text('event_id').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
        t.index(['entry_id', 'entry_version']);
        t.index(['account_id', 'date', 'id']);
      });
      for (const [table, key] of [
        ['ledger_balances_daily', 'day'],
        ['ledger_balances_monthly', 'month'],
      ] as const) {
        await db.schema.createTable(table, (t) => {
          t.date(key).notNullable();
          t.uuid('account_id').notNullable();
          t.bigInteger('debit_cents').notNullable();
          t.bigInteger('credit_cents').notNullable();
          t.primary([key, 'account_id']);
        });
      }
    },
    down: async (db) => {
      for (const table of ['ledger_balances_monthly', 'ledger_balances_daily', 'ledger_lines', 'ledger_entries']) await db.schema.dropTableIfExists(table);
    },
  },
  {
    // Years of history then cost one row per account per year in an as-of report.
    name: '202611220052_ledger_yearly_balances',
    up: async (db) => {
      await db.schema.createTable('ledger_balances_yearly', (t) => {
        t.date('year').notNullable();
        t.uuid('account_id').notNullable();
        t.bigInteger('debit_cents').notNullable();
        t.bigInteger('credit_cents').notNullable();
        t.primary(['year', 'account_id']);
      });
      await db.raw(
        `insert into ledger_balances_yearly (year, account_id, debit_cents, credit_cents)
         select date_trunc('year', month)::date, account_id, sum(debit_cents), sum(credit_cents) from ledger_balances_monthly group by 1, 2`,
      );
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('ledger_balances_yearly');
    },
  },
  {
    // Aged receivables read these instead of every Accounts Receivable line: the change per
    // invoice per day, and each invoice's balance now with its client and due date (a partial
    // index keeps the open ones, so today's report is one index scan, no join per invoice).
    name: '202611250500_ledger_receivable_balances',
    up: async (db) => {
      await db.schema.createTable('receivable_changes', (t) => {
        t.uuid('invoice_id').notNullable();
        t.date('date').notNullable();
        t.bigInteger('delta_cents').notNullable();
        t.primary(['invoice_id', 'date']);
        t.index(['date', 'invoice_id', 'delta_cents']);
      });
      await db.schema.createTable('receivable_balances', (t) => {
        t.uuid('invoice_id').primary();
        t.bigInteger('balance_cents').notNullable();
        t.uuid('client_id');
        t.date('due_date');
      });
      await db.raw('create index receivable_balances_open on receivable_balances (invoice_id) include (balance_cents, client_id, due_date) where balance_cents <> 0');
      await fillInvoiceReceivablesFromLines(db);
    },
    down: async (db) => {
      for (const table of ['receivable_balances', 'receivable_changes']) await db.schema.dropTableIfExists(table);
    },
  },
  {
    // The period lock as the ledger applies it, in event order: postings that would land on a
    // locked day land on the first open day (the lock's own events move it).
    name: '202611270010_i19lock_ledger_books',
    up: async (db) => {
      await db.schema.createTable('ledger_books', (t) => {
        t.integer('id').primary();
        t.text('locked_through');
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('ledger_books');
    },
  },
  {
    // The VAT return's read model: per day, direction (output, input, settlement), category and
    // rate, beside the lines; and each invoice entry's VAT per category and rate, for the reversal
    // of an edit or a void. Older postings carry no VAT analysis, so the ledger is replayed: its
    // tables are emptied and its checkpoint reset, and the runner rebuilds it from the events.
    name: '202611271900_i19vat_vat_movements',
    up: async (db) => {
      await db.schema.createTable('vat_movements_daily', (t) => {
        t.date('day').notNullable();
        t.text('direction').notNullable();
        t.text('category').notNullable();
        t.integer('rate_bp').notNullable();
        t.bigInteger('base_cents').notNullable();
        t.bigInteger('vat_cents').notNullable();
        t.primary(['day', 'direction', 'category', 'rate_bp']);
      });
      await db.schema.alterTable('ledger_entries', (t) => {
        t.text('vat_breakdown');
      });
      // A manual line's VAT tag, so the journal form shows what was recorded.
      await db.schema.alterTable('ledger_lines', (t) => {
        t.text('vat_category');
        t.integer('vat_rate_bp');
        t.boolean('vat_settlement').notNullable().defaultTo(false);
      });
      await replayLedger(db);
    },
    down: async (db) => {
      await db.schema.alterTable('ledger_entries', (t) => {
        t.dropColumn('vat_breakdown');
      });
      await db.schema.alterTable('ledger_lines', (t) => {
        t.dropColumn('vat_category');
        t.dropColumn('vat_rate_bp');
        t.dropColumn('vat_settlement');
      });
      await db.schema.dropTableIfExists('vat_movements_daily');
    },
  },
  {
    // The journal export names each line's author: the actor of the event that posted it. Older
    // lines take it from the events table when the events live in this database (else a
    // projection rebuild fills it).
    name: '202611270100_i19reports_ledger_line_author',
    up: async (db) => {
      await db.schema.alterTable('ledger_lines', (t) => {
        t.text('recorded_by');
      });
      // The export pages through lines in ledger order by date.
      await db.raw('create index ledger_lines_date_id on ledger_lines (date, id)');
      if (await db.schema.hasTable('events')) {
        await db.raw("update ledger_lines l set recorded_by = e.metadata->>'actor' from events e where e.event_id::text = l.event_id");
      }
    },
    down: async (db) => {
      await db.raw('drop index if exists ledger_lines_date_id');
      await db.schema.alterTable('ledger_lines', (t) => {
        t.dropColumn('recorded_by');
      });
    },
  },
  {
    // A payment kept for a deleted invoice is its client's credit: the receivable row now keeps
    // that client (the void had dropped it), so aged receivables and statements show it under the
    // client. Rows written before take it from the kept payments; nothing else changes, so the
    // ledger need not be replayed (a rebuild writes the same). Statements read the client there.
    name: '202611280300_fix18_kept_payment_receivable_clients',
    up: async (db) => {
      await db.raw(`update receivable_balances b set client_id = k.client_id from (${KEPT_PAYMENT_CLIENTS}) k where k.invoice_id = b.invoice_id and b.client_id is null`);
      // Client statements find a client's invoices here too.
      await db.raw('create index receivable_balances_client on receivable_balances (client_id)');
    },
    down: async (db) => {
      await db.raw('drop index if exists receivable_balances_client');
    },
  },
  {
    // Aged receivables sum per client and due date instead of per invoice: each invoice's balance
    // split into what is owed (positive) and credit (negative), and their changes per day, summed
    // per client and due date (nulls as one key: an entry naming no invoice, a voided invoice).
    // Filled from the per-invoice tables; the projection keeps them in the same transaction. Named
    // to run after any migration that changes the per-invoice tables' clients or due dates (the
    // kept-payment clients of 202611280300), so it sums what they leave.
    name: '202611280400_i18aging_receivable_due_sums',
    up: async (db) => {
      await db.schema.createTable('receivable_due_changes', (t) => {
        t.date('date').notNullable();
        t.uuid('client_id');
        t.date('due_date');
        t.bigInteger('open_cents').notNullable();
        t.bigInteger('credit_cents').notNullable();
      });
      await db.raw('create unique index receivable_due_changes_key on receivable_due_changes (date, client_id, due_date) nulls not distinct');
      await db.schema.createTable('receivable_due_balances', (t) => {
        t.uuid('client_id');
        t.date('due_date');
        t.bigInteger('open_cents').notNullable();
        t.bigInteger('credit_cents').notNullable();
      });
      await db.raw('create unique index receivable_due_balances_key on receivable_due_balances (client_id, due_date) nulls not distinct');
      await fillDueSumsFromReceivables(db);
    },
    down: async (db) => {
      for (const table of ['receivable_due_changes', 'receivable_due_balances']) await db.schema.dropTableIfExists(table);
    },
  },
  {
    // A gateway payment whose day was locked when it arrived posts on the first open day; the
    // ledger notes each such payment beside its lines, so the admin inbox can say why it posted
    // late. Filled from the payment entries already posted after their day.
    name: '202611290100_i35dates_ledger_deferred_payments',
    up: async (db) => {
      await db.schema.createTable('ledger_deferred_payments', (t) => {
        t.uuid('payment_id').primary();
        t.uuid('invoice_id').notNullable();
        t.date('date').notNullable();
        t.date('posted_on').notNullable();
      });
      await fillDeferredPaymentsFromLines(db);
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('ledger_deferred_payments');
    },
  },
  {
    // Aged receivables for a locked day never change: an invoice whose terms (due date, client)
    // change under the lock keeps its old ones through the lock and takes the new ones from the
    // first open day. Only such invoices have rows here (the others' terms are their
    // receivable_balances row). Empty at first: changes made before moved the whole history.
    name: '202611290200_i35aging_receivable_term_spans',
    up: async (db) => {
      await db.schema.createTable('receivable_term_spans', (t) => {
        t.uuid('invoice_id').notNullable().index();
        t.date('from_date');
        t.uuid('client_id');
        t.date('due_date');
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('receivable_term_spans');
    },
  },
  {
    // Issue 40: a line of a foreign-currency document keeps its currency, its amount in that
    // currency (cents) and the rate beside the euros. Lines of euro documents leave them null.
    name: '202611302300_i40currencies_ledger_line_foreign_amounts',
    up: async (db) => {
      await db.schema.alterTable('ledger_lines', (t) => {
        t.text('currency');
        t.bigInteger('foreign_cents');
        t.specificType('rate', 'numeric(16, 6)');
      });
      // What is open in other currencies as of a day (aged receivables, revaluation) reads only these lines.
      await db.raw('create index ledger_lines_foreign on ledger_lines (account_id, date) include (entry_id, currency, foreign_cents, debit_cents, credit_cents) where currency is not null');
    },
    down: async (db) => {
      await db.raw('drop index if exists ledger_lines_foreign');
      await db.schema.alterTable('ledger_lines', (t) => {
        t.dropColumn('currency');
        t.dropColumn('foreign_cents');
        t.dropColumn('rate');
      });
    },
  },
  {
    // Issue 41: the EC Sales List's read model, reverse-charge sales per day and buyer (country and
    // prefixed VAT number) beside the VAT return's. The buyer comes from the documents' parties,
    // which older postings did not keep with their VAT, so the ledger is replayed.
    name: '202612010900_i41tax_ec_sales_daily',
    up: async (db) => {
      await db.schema.createTable('ec_sales_daily', (t) => {
        t.date('day').notNullable();
        t.text('country').notNullable();
        t.text('vat_number').notNullable();
        t.bigInteger('base_cents').notNullable();
        t.primary(['day', 'country', 'vat_number']);
      });
      await replayLedger(db);
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('ec_sales_daily');
    },
  },
];
