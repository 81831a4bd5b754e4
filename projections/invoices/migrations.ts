import type { Migration } from '../../eventstore/migration';

/**
 * An invoice number's letters and digits in upper case: what an ISO 11649 creditor reference
 * carries of it (domain/bank/creditor-reference.ts). A query that looks invoices up by it writes
 * this very expression, so the index below serves it (`column` may name the table's alias).
 */
export const invoiceReferenceBodySql = (column = 'invoice_number'): string => `upper(regexp_replace(${column}, '[^[:alnum:]]', '', 'g'))`;

export const invoiceListMigrations: Migration[] = [
  {
    name: '202611220110_projection_invoice_list',
    up: async (db) => {
      await db.schema.createTable('invoice_list', (t) => {
        t.uuid('id').primary();
        t.uuid('client_id').notNullable();
        t.text('invoice_number').notNullable();
        t.date('date').notNullable();
        t.date('due_date').notNullable();
        t.boolean('paid').notNullable();
        t.boolean('sent').notNullable();
        t.bigInteger('net_cents').notNullable();
        t.bigInteger('vat_cents').notNullable();
        t.bigInteger('gross_cents').notNullable();
        t.bigInteger('paid_cents').notNullable();
        t.jsonb('items').notNullable();
        t.uuid('subscription_id');
        t.date('period_start');
        t.date('period_end');
        t.integer('revision').notNullable();
        t.timestamp('issued_at', { useTz: true }).notNullable();
      });
      // Newest first, overall and per client (client detail, portal).
      await db.raw('create index invoice_list_date on invoice_list (date desc, invoice_number desc, id)');
      await db.raw('create index invoice_list_client on invoice_list (client_id, date desc, invoice_number desc)');
      await db.raw('create index invoice_list_subscription on invoice_list (subscription_id)');
    },
  },
  {
    name: '202611241100_projection_invoice_list_credits',
    up: async (db) => {
      await db.schema.alterTable('invoice_list', (t) => {
        t.bigInteger('credited_cents').notNullable().defaultTo(0);
        t.boolean('cancelled').notNullable().defaultTo(false);
      });
    },
  },
  {
    // Whether an invoice is still a draft, as the domain decides it (sent, or any payment ever
    // recorded): a never-sent invoice paid and then refunded in full is issued, owed, and reminded.
    // Rows written before take it from the payments read model; a rebuild writes the same.
    name: '202611280310_fix18_projection_invoice_list_issued',
    up: async (db) => {
      await db.schema.alterTable('invoice_list', (t) => {
        t.boolean('issued').notNullable().defaultTo(false);
      });
      await db.raw('update invoice_list i set issued = true where i.sent or i.paid or i.paid_cents > 0 or exists (select 1 from invoice_payments p where p.invoice_id = i.id)');
    },
    down: async (db) => {
      await db.schema.alterTable('invoice_list', (t) => {
        t.dropColumn('issued');
      });
    },
  },
  {
    // Bad debts: what was written off, on which day, and what payments recovered of it since.
    // No invoice was written off before, so the defaults are every existing row's values.
    name: '202611290300_i35writeoff_projection_invoice_list_written_off',
    up: async (db) => {
      await db.schema.alterTable('invoice_list', (t) => {
        t.bigInteger('written_off_cents').notNullable().defaultTo(0);
        t.bigInteger('recovered_cents').notNullable().defaultTo(0);
        t.date('written_off_on');
      });
    },
    down: async (db) => {
      await db.schema.alterTable('invoice_list', (t) => {
        t.dropColumn('written_off_cents');
        t.dropColumn('recovered_cents');
        t.dropColumn('written_off_on');
      });
    },
  },
  {
    // A creditor reference names its invoice by the number's letters and digits: the statement
    // import looks a thousand of them up at once among every invoice.
    name: '202611300100_i38bank_projection_invoice_list_reference_body',
    up: async (db) => {
      await db.raw(`create index invoice_list_reference_body on invoice_list ((${invoiceReferenceBodySql()}))`);
    },
    down: async (db) => {
      await db.raw('drop index invoice_list_reference_body');
    },
  },
  {
    // Issue 40: the invoice's currency and the rate it was posted at (null for euros). Rows of
    // invoices written before are in euros, which the default says.
    name: '202611302320_i40currencies_projection_invoice_list_currency',
    up: async (db) => {
      await db.schema.alterTable('invoice_list', (t) => {
        t.text('currency').notNullable().defaultTo('EUR');
        t.text('exchange_rate');
      });
    },
    down: async (db) => {
      await db.schema.alterTable('invoice_list', (t) => {
        t.dropColumn('currency');
        t.dropColumn('exchange_rate');
      });
    },
  },
];
