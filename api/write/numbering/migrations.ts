import type { Migration } from '../../../eventstore/migration';

/**
 * Document numbers: one row per number in use (the primary key keeps numbers unique under any
 * concurrency) and one counter per series and year. A row is `reserved` only between a
 * reservation and its append on EventStoreDB (then `pending` holds what to append), `issued` once
 * its events are stored, `void` when a reservation could not be completed (kept, never reused).
 */
export const numberingMigrations: Migration[] = [
  {
    name: '202611241000_numbering_document_numbers',
    up: async (db) => {
      await db.schema.createTable('document_number_sequences', (t) => {
        t.text('series').notNullable();
        t.integer('year').notNullable();
        t.integer('last').notNullable();
        t.primary(['series', 'year']);
      });
      await db.schema.createTable('document_numbers', (t) => {
        t.text('number').primary();
        t.text('series').notNullable();
        t.uuid('document_id').notNullable().index();
        t.text('status').notNullable();
        t.integer('year');
        t.integer('sequence');
        t.jsonb('pending');
        t.timestamp('reserved_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.raw(`alter table document_numbers add constraint document_numbers_status check (status in ('reserved', 'issued', 'void'))`);
      await db.raw(`create index document_numbers_reserved on document_numbers (reserved_at) where status = 'reserved'`);
      await db.raw(`insert into document_number_sequences (series, year, last) select 'invoice', year, last from invoice_number_sequences`);
      await db.raw(
        `insert into document_numbers (number, series, document_id, status, reserved_at)
         select number, 'invoice', invoice_id, 'issued', created_at from invoice_numbers`,
      );
      await db.schema.dropTable('invoice_numbers');
      await db.schema.dropTable('invoice_number_sequences');
    },
  },
];
