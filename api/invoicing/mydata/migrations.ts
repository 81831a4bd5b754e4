import type { Migration } from '../../../eventstore/migration';

/**
 * Issue 41: myDATA transmissions. `mydata_documents` is the outbox and the state of each document a
 * company in Greece must transmit (one row per invoice or credit note, written by a reactor in the
 * transaction of its checkpoint); `mydata_attempts` is its history, one row per call or decision.
 */
export const mydataMigrations: Migration[] = [
  {
    name: '202612011000_i41tax_mydata_transmissions',
    up: async (db) => {
      await db.schema.createTable('mydata_documents', (t) => {
        t.uuid('document_id').primary();
        t.text('kind').notNullable(); // invoice | credit_note
        t.uuid('invoice_id').notNullable();
        t.text('number'); // filled when the document is first built
        t.date('issue_date');
        // pending (to send or to look up), transmitted, failed (AADE refused it: fix and send again)
        t.text('status').notNullable().defaultTo('pending');
        t.integer('attempts').notNullable().defaultTo(0);
        t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.text('uid');
        t.text('mark');
        t.text('qr_url');
        t.text('authentication_code');
        t.text('invoice_type');
        t.text('errors');
        t.timestamp('transmitted_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.raw(`create index mydata_documents_due on mydata_documents (next_attempt_at) where status = 'pending'`);
      await db.raw('create index mydata_documents_invoice on mydata_documents (invoice_id)');
      await db.raw(`create unique index mydata_documents_mark on mydata_documents (mark) where mark is not null`);
      // The highest MARK (numeric text: longer is higher), read before every call: one index step.
      await db.raw(`create index mydata_documents_highest_mark on mydata_documents ((length(mark)) desc, mark desc) where mark is not null`);
      // The income classification per kind of sale (domestic, intra_eu, third_country), JSON; null: the defaults.
      await db.schema.alterTable('company_settings', (t) => {
        t.text('mydata_classifications');
      });
      await db.schema.createTable('mydata_attempts', (t) => {
        t.bigIncrements('id');
        t.uuid('document_id').notNullable().references('mydata_documents.document_id').onDelete('CASCADE');
        t.integer('attempt').notNullable();
        t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('finished_at', { useTz: true });
        // sent: a SendInvoices call under way (no outcome yet: it may have reached AADE);
        // transmitted, rejected, lost, refused, found (a look-up found it registered), retry (asked by a user)
        t.text('action').notNullable();
        t.text('outcome');
        t.text('detail');
        t.text('actor');
        // The highest MARK known when the call started: a look-up of a lost answer reads what AADE registered after it.
        t.text('after_mark');
        t.index(['document_id', 'id']);
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('mydata_attempts');
      await db.schema.dropTableIfExists('mydata_documents');
      await db.schema.alterTable('company_settings', (t) => {
        t.dropColumn('mydata_classifications');
      });
    },
  },
  {
    // A product's own income classification per service invoice type, over the company's for that type.
    name: '202612021000_i41tax_mydata_product_classifications',
    up: async (db) => {
      await db.schema.createTable('product_mydata_classifications', (t) => {
        t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
        t.text('invoice_type').notNullable(); // 2.1, 2.2 or 2.3
        t.text('type').notNullable(); // E3 code
        t.text('category').notNullable();
        t.primary(['product_id', 'invoice_type']);
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('product_mydata_classifications');
    },
  },
];
