import type { Migration } from '../../eventstore/migration';

/**
 * Issue 40: the exchange rates table. One row a currency, day and source: the ECB's reference rate
 * as imported, and a rate typed in by hand, which wins on its day. Rates are exact decimals
 * (numeric), read back as text.
 */
export const currencyMigrations: Migration[] = [
  {
    name: '202611302100_i40currencies_exchange_rates',
    up: async (db) => {
      await db.schema.createTable('exchange_rates', (t) => {
        t.text('currency').notNullable();
        t.date('date').notNullable();
        t.text('source').notNullable();
        t.specificType('rate', 'numeric(16, 6)').notNullable();
        t.text('entered_by');
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.primary(['currency', 'date', 'source']);
      });
      await db.raw(`alter table exchange_rates add constraint exchange_rates_source check (source in ('ecb', 'manual'))`);
      await db.raw(`alter table exchange_rates add constraint exchange_rates_rate check (rate > 0)`);
      await db.raw(`alter table exchange_rates add constraint exchange_rates_currency check (currency ~ '^[A-Z]{3}$' and currency <> 'EUR')`);
      // The rate of a day or the last before it: newest first within a currency.
      await db.raw('create index exchange_rates_by_day on exchange_rates (currency, date desc)');
      await db.raw('create index exchange_rates_by_date on exchange_rates (date desc)');
    },
  },
];
