import type { Migration } from '../../eventstore/migration';

/** Issue 41: every VIES check of a client's VAT number, kept as the evidence reverse charge rests on. */
export const clientMigrations: Migration[] = [
  {
    name: '202612011100_i41tax_client_vies_checks',
    up: async (db) => {
      await db.schema.createTable('client_vies_checks', (t) => {
        t.bigIncrements('id');
        t.uuid('client_id').notNullable().references('clients.id').onDelete('CASCADE');
        t.timestamp('checked_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        // As asked: VIES's member state code and the number without it.
        t.text('country_code').notNullable();
        t.text('vat_number').notNullable();
        t.boolean('valid').notNullable();
        t.date('request_date').notNullable();
        t.text('request_identifier');
        t.text('name');
        t.text('address');
        t.text('actor');
        t.index(['client_id', 'id']);
      });
    },
    down: async (db) => {
      await db.schema.dropTableIfExists('client_vies_checks');
    },
  },
];
