import type { Knex } from 'knex';
import type { RecordedEvent } from '../eventstore/event-store';
import type { Projection } from '../projections/projection';

/** Bench read models: a ledger line per event and a running balance per account. */
export const ledgerBenchTables = async (db: Knex): Promise<void> => {
  await db.schema.createTable('bench_ledger_lines', (t) => {
    t.uuid('event_id').primary();
    t.text('account').notNullable().index();
    t.bigInteger('amount_cents').notNullable();
    t.text('description').notNullable();
    t.date('date').notNullable();
  });
  await db.schema.createTable('bench_account_balances', (t) => {
    t.text('account').primary();
    t.bigInteger('balance_cents').notNullable();
    t.integer('entries').notNullable();
  });
};

interface Posted {
  account: string;
  amountCents: number;
  description: string;
  date: string;
}

/**
 * Written like a production projection should be for replay speed: one multi-row insert of the
 * lines and one upsert of the balances aggregated per batch, instead of a statement per event.
 */
export const ledgerBenchProjection: Projection = {
  name: 'bench_ledger',
  eventTypes: ['EntryPosted'],
  tables: ['bench_ledger_lines', 'bench_account_balances'],
  apply: async (trx, events: RecordedEvent[]) => {
    const lines = events.map((e) => {
      const d = e.data as Posted;
      return { event_id: e.eventId, account: d.account, amount_cents: d.amountCents, description: d.description, date: d.date };
    });
    const totals = new Map<string, { balance: number; entries: number }>();
    for (const l of lines) {
      const t = totals.get(l.account) ?? { balance: 0, entries: 0 };
      t.balance += l.amount_cents;
      t.entries += 1;
      totals.set(l.account, t);
    }
    await trx.raw(
      `insert into bench_ledger_lines (event_id, account, amount_cents, description, date)
       select * from jsonb_to_recordset(?::jsonb) as x(event_id uuid, account text, amount_cents bigint, description text, date date)`,
      [JSON.stringify(lines)],
    );
    await trx.raw(
      `insert into bench_account_balances (account, balance_cents, entries)
       select * from jsonb_to_recordset(?::jsonb) as x(account text, balance_cents bigint, entries int)
       on conflict (account) do update set balance_cents = bench_account_balances.balance_cents + excluded.balance_cents,
                                           entries = bench_account_balances.entries + excluded.entries`,
      [JSON.stringify([...totals].map(([account, t]) => ({ account, balance_cents: t.balance, entries: t.entries })))],
    );
  },
};
