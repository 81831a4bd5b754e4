import type { Migration } from '../../eventstore/migration';

/** The bills as lists and the write path's checks read them: the read model of the `bill-<id>` streams. */
export const billMigrations: Migration[] = [
  {
    name: '202611300400_projection_bills',
    up: async (db) => {
      await db.schema.createTable('bill_list', (t) => {
        t.uuid('id').primary();
        t.uuid('supplier_id').notNullable();
        t.text('supplier_invoice_number').notNullable();
        t.date('date').notNullable();
        t.date('due_date').notNullable();
        t.text('status').notNullable();
        t.bigInteger('net_cents').notNullable();
        t.bigInteger('vat_cents').notNullable();
        t.bigInteger('self_assessed_vat_cents').notNullable();
        t.bigInteger('gross_cents').notNullable();
        t.bigInteger('paid_cents').notNullable();
        // The day of the bill's last payment: as of it or later, what is open is gross − paid, no list to read.
        t.date('last_payment_date');
        t.jsonb('lines').notNullable();
        t.jsonb('payments').notNullable();
        t.integer('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['supplier_id', 'date']);
        t.index(['date']);
      });
      // A supplier's invoice number names one of its bills (the write path refuses a second).
      await db.raw('create index bill_list_supplier_number on bill_list (supplier_id, lower(supplier_invoice_number))');
    },
  },
  {
    // Supplier credit notes are bills reversed: the list tells them apart, and names the bill one corrects.
    name: '202611300800_projection_bills_credit_notes',
    up: async (db) => {
      await db.schema.alterTable('bill_list', (t) => {
        t.text('document_type').notNullable().defaultTo('bill');
        t.uuid('credited_bill_id');
      });
    },
  },
  {
    // Issue 40: a bill in another currency keeps its amounts in it, its rate once posted, and its
    // euros as booked (the gross converted, and what its payments cleared) for the aged payables.
    // Rows written before are in euros.
    name: '202612010100_i40currencies_projection_bills_currency',
    up: async (db) => {
      await db.schema.alterTable('bill_list', (t) => {
        t.text('currency').notNullable().defaultTo('EUR');
        t.text('exchange_rate');
        t.date('rate_date');
        t.bigInteger('gross_euro_cents');
        t.bigInteger('paid_euro_cents');
      });
      await db('bill_list').update({ gross_euro_cents: db.ref('gross_cents'), paid_euro_cents: db.ref('paid_cents') });
    },
  },
];
