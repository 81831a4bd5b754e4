import type { Migration } from '../../eventstore/migration';
import { trackTableVersion } from '../platform/db/table-versions';

/** Issue 39: suppliers, an audited table like clients (their bills will be event streams). */
export const purchasesMigrations: Migration[] = [
  {
    name: '202611300300_i39purchases_suppliers',
    up: async (db) => {
      await db.schema.createTable('suppliers', (t) => {
        t.uuid('id').primary();
        t.text('name').notNullable();
        t.text('vat_number').notNullable().defaultTo('');
        // vat_number compared: letters and digits, without the country prefix (domain vatNumberKey).
        t.text('vat_key').notNullable().defaultTo('');
        t.text('country').notNullable();
        t.text('address').notNullable().defaultTo('');
        t.text('iban');
        t.uuid('default_account_id').references('accounts.id').onDelete('RESTRICT');
        t.integer('default_vat_rate_bp').notNullable().defaultTo(0);
        t.integer('payment_terms_days').notNullable().defaultTo(30);
        t.integer('version').notNullable().defaultTo(1);
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      // One supplier per VAT number (of a country): an inbound e-invoice finds its supplier by it.
      await db.raw(`create unique index suppliers_vat_key on suppliers (country, vat_key) where vat_key <> ''`);
      await db.raw('create index suppliers_name on suppliers (lower(name), id)');
      await trackTableVersion(db, 'suppliers');
    },
  },
  {
    // A bill's documents: the supplier's e-invoice as received and files attached (the original as
    // PDF or image), bytes with their SHA-256. The bill stream is the record; these are its papers.
    name: '202611300700_i39purchases_bill_documents',
    up: async (db) => {
      await db.schema.createTable('bill_documents', (t) => {
        t.uuid('id').primary();
        t.uuid('bill_id').notNullable().index();
        t.text('kind').notNullable();
        t.text('filename').notNullable();
        t.text('mime_type').notNullable();
        t.integer('size_bytes').notNullable();
        t.text('sha256').notNullable();
        t.binary('content').notNullable();
        // An e-invoice's: the warnings of its checks (EN 16931 rules and the import's own), kept with it.
        t.jsonb('warnings');
        t.text('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
      });
    },
  },
];
