import type { Migration } from '../../eventstore/migration';
import { trackTableVersion } from '../platform/db/table-versions';

/**
 * Billing's ordinary tables (clients, products, subscriptions: admin-edited, audited in audit_log)
 * and the invoice number registry that makes numbers unique across event-sourced invoices.
 */
export const billingMigrations: Migration[] = [
  {
    name: '202611220100_billing_tables',
    up: async (db) => {
      await db.schema.createTable('clients', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('email').notNullable();
        t.text('phone').notNullable().defaultTo('');
        t.text('address').notNullable().defaultTo('');
        t.text('vat_number').notNullable().defaultTo('');
        t.text('language').notNullable().defaultTo('en');
        t.integer('version').notNullable().defaultTo(1);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.raw('create index clients_name on clients (lower(name), id)');
      await db.schema.createTable('products', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.bigInteger('price_cents').notNullable();
        t.text('billing_cycle').notNullable().defaultTo('one_time');
        t.integer('vat_rate_bp').notNullable().defaultTo(0);
        t.integer('version').notNullable().defaultTo(1);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.raw(`alter table products add constraint products_cycle check (billing_cycle in ('one_time', 'monthly', 'annually'))`);
      await db.schema.createTable('subscriptions', (t) => {
        t.uuid('id').primary();
        t.uuid('client_id').notNullable().references('clients.id').onDelete('RESTRICT');
        t.uuid('product_id').notNullable().references('products.id').onDelete('RESTRICT');
        t.date('start_date').notNullable();
        t.text('status').notNullable().defaultTo('active');
        t.boolean('auto_generate_invoices').notNullable().defaultTo(true);
        t.integer('version').notNullable().defaultTo(1);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.index(['client_id']);
        t.index(['product_id']);
      });
      await db.raw(`alter table subscriptions add constraint subscriptions_status check (status in ('active', 'cancelled'))`);
      // Per-year counters: `update ... set last = last + n returning last` hands out numbers atomically.
      await db.schema.createTable('invoice_number_sequences', (t) => {
        t.integer('year').primary();
        t.integer('last').notNullable();
      });
      // One row per number in use: the primary key is what makes numbers unique under concurrency.
      await db.schema.createTable('invoice_numbers', (t) => {
        t.text('number').primary();
        t.uuid('invoice_id').notNullable().index();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
  },
  {
    name: '202611220101_billing_invoice_mail_state',
    up: async (db) => {
      // The invoice-mail reactor's own fold of each invoice (see invoice-mail.reactor.ts).
      await db.schema.createTable('invoice_mail_state', (t) => {
        t.uuid('invoice_id').primary();
        t.jsonb('state').notNullable();
      });
    },
  },
  {
    name: '202611221001_billing_list_versions',
    up: async (db) => {
      // The invoice list (api/invoicing/invoice.queries.ts) is cached while these two are unchanged.
      await trackTableVersion(db, 'invoice_list');
      await trackTableVersion(db, 'clients');
    },
  },
  {
    name: '202611250100_billing_legal_content',
    up: async (db) => {
      // Art. 226 content: the buyer's country (empty on older rows: the company's country applies),
      // the seller's country and bank details (bootstrap fills the country from COMPANY_COUNTRY).
      await db.schema.alterTable('clients', (t) => {
        t.text('country').notNullable().defaultTo('');
      });
      await db.schema.alterTable('company_settings', (t) => {
        t.text('country').notNullable().defaultTo('');
        t.text('iban').notNullable().defaultTo('');
        t.text('bic').notNullable().defaultTo('');
      });
    },
  },
  {
    name: '202611250200_company_standard_vat_rate',
    up: async (db) => {
      // Basis points; null until bootstrap seeds it from COMPANY_VAT_RATE (also on older installs).
      await db.schema.alterTable('company_settings', (t) => {
        t.integer('standard_vat_rate_bp');
      });
      await db.raw('alter table company_settings add constraint company_settings_standard_vat_rate check (standard_vat_rate_bp between 0 and 10000)');
    },
  },
  {
    name: '202611250300_payment_reminders',
    up: async (db) => {
      // The schedule in days from the due date (negative: before it); an empty list turns reminders off.
      // The default is written out: a migration says what it did then, whatever the domain's default becomes.
      await db.schema.alterTable('company_settings', (t) => {
        t.jsonb('reminder_days').notNullable().defaultTo('[-3, 1, 7, 14]');
      });
      await db.schema.alterTable('clients', (t) => {
        t.boolean('reminders_excluded').notNullable().defaultTo(false);
      });
      // One row per reminder sent. The id is derived from (invoice, step) and inserted in the
      // transaction that queues the mail: a second worker or a retry after a crash finds it taken.
      await db.schema.createTable('payment_reminders', (t) => {
        t.uuid('id').primary();
        t.uuid('invoice_id').notNullable();
        t.integer('step_days').notNullable();
        t.date('due_date').notNullable();
        t.bigInteger('open_cents').notNullable();
        t.text('to').notNullable();
        t.text('language').notNullable();
        t.text('mail_key').notNullable();
        // The invoice's stream revision the reminder was decided on (its place in the history).
        t.integer('invoice_revision').notNullable();
        t.timestamp('sent_at', { useTz: true }).notNullable();
        t.unique(['invoice_id', 'step_days']);
      });
    },
  },
  {
    name: '202611270050_invoice_mail_pay_url',
    up: async (db) => {
      // The pay link the invoice was last sent with: a later credit note's mail offers the same one.
      await db.schema.alterTable('invoice_mail_state', (t) => {
        t.text('pay_url');
      });
    },
  },
  {
    // Issue 40: the currency a client is invoiced in (ISO 4217; EUR, the books' own, by default).
    name: '202611302310_i40currencies_client_currency',
    up: async (db) => {
      await db.schema.alterTable('clients', (t) => {
        t.text('currency').notNullable().defaultTo('EUR');
      });
      await db.raw(`alter table clients add constraint clients_currency check (currency ~ '^[A-Z]{3}$')`);
    },
  },
];
