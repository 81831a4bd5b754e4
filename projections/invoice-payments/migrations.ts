import type { Knex } from 'knex';
import { cashAccountFor } from '../../domain/accounting/postings';
import type { PaymentMethod } from '../../domain/invoice/events';
import type { Migration } from '../../eventstore/migration';

/** Every method (a record, so a new one cannot be forgotten here). */
const METHODS: Record<PaymentMethod, true> = { stripe: true, card: true, bank: true, manual: true, cash: true, other: true, credit: true };

/**
 * Fills `cash_account_id` on rows written before it: the `cashAccountId` their PaymentRecorded event
 * carries, else their method's own account, which is what the ledger posted them to. That needs the
 * events in this database; when a row's event is not here (EventStoreDB), the projection is
 * replayed instead: its tables emptied and its checkpoint reset, and the runner rebuilds it.
 */
export const fillPaymentCashAccounts = async (db: Knex): Promise<void> => {
  if (!(await db('invoice_payments').whereNull('cash_account_id').first('payment_id'))) return;
  const eventsHere = await db.schema.hasTable('events');
  if (eventsHere) {
    await db.raw(`update invoice_payments p set cash_account_id = (e.data->>'cashAccountId')::uuid from events e
      where p.cash_account_id is null and e.type = 'PaymentRecorded' and e.data->>'paymentId' = p.payment_id::text and e.data->>'cashAccountId' is not null`);
  }
  const unread = eventsHere
    ? (await db.raw(`select 1 from invoice_payments p where p.cash_account_id is null
        and not exists (select 1 from events e where e.type = 'PaymentRecorded' and e.data->>'paymentId' = p.payment_id::text) limit 1`)).rows.length > 0
    : true;
  if (unread) {
    for (const table of ['invoice_payments', 'credit_transfers']) await db(table).del();
    if (await db.schema.hasTable('projection_checkpoints')) {
      await db('projection_checkpoints').where({ name: 'invoice_payments' }).update({ position: null, events_processed: 0, last_error: null, error_event_id: null, error_position: null, error_at: null });
    }
    if (await db.schema.hasTable('projection_skipped_events')) await db('projection_skipped_events').where({ name: 'invoice_payments' }).del();
    return;
  }
  for (const method of Object.keys(METHODS) as PaymentMethod[]) {
    await db('invoice_payments').whereNull('cash_account_id').where({ method }).update({ cash_account_id: cashAccountFor(method) });
  }
};

export const invoicePaymentsMigrations: Migration[] = [
  {
    name: '202611220510_projection_invoice_payments',
    up: async (db) => {
      await db.schema.createTable('invoice_payments', (t) => {
        t.uuid('payment_id').primary();
        t.uuid('invoice_id').notNullable().index();
        t.bigInteger('amount_cents').notNullable();
        t.date('date').notNullable();
        t.text('method').notNullable();
        t.text('reference');
        t.text('actor').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
      });
    },
  },
  {
    // What happened to each payment afterwards: refunds, a dispute, the gateway's fee.
    name: '202611250420_projection_invoice_payment_movements',
    up: async (db) => {
      await db.schema.alterTable('invoice_payments', (t) => {
        t.bigInteger('refunded_cents').notNullable().defaultTo(0);
        t.bigInteger('disputed_cents').notNullable().defaultTo(0);
        t.text('dispute_status');
        t.bigInteger('fee_cents').notNullable().defaultTo(0);
        // A gateway payment for an invoice already cancelled or deleted: an alert until handled.
        t.text('unexpected_reason');
        t.text('invoice_number');
        t.uuid('client_id');
      });
      await db.raw('create index invoice_payments_unexpected on invoice_payments (client_id) where unexpected_reason is not null');
    },
  },
  {
    // Credit balance applied from one invoice to another: both halves, so an unfinished one is found.
    name: '202611260110_projection_credit_transfers',
    up: async (db) => {
      await db.schema.createTable('credit_transfers', (t) => {
        t.uuid('transfer_id').primary();
        t.uuid('application_id').notNullable().index();
        t.uuid('from_invoice_id').notNullable().index();
        t.uuid('to_invoice_id').notNullable();
        t.text('to_invoice_number').notNullable();
        t.uuid('client_id').notNullable().index();
        t.bigInteger('amount_cents').notNullable();
        t.date('date').notNullable();
        t.text('actor').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
        // Set once the receiving invoice recorded it as a credit payment.
        t.uuid('payment_id');
      });
      await db.raw('create index credit_transfers_unfinished on credit_transfers (recorded_at) where payment_id is null');
    },
  },
  {
    // Where each payment went ("Deposited to"): the ledger account its posting debited, which the
    // read side joins to its money account. Rows written before are filled (fillPaymentCashAccounts).
    name: '202611291510_i38bank_projection_invoice_payment_cash_accounts',
    up: async (db) => {
      await db.schema.alterTable('invoice_payments', (t) => {
        t.uuid('cash_account_id');
      });
      await fillPaymentCashAccounts(db);
    },
    down: async (db) => {
      await db.schema.alterTable('invoice_payments', (t) => {
        t.dropColumn('cash_account_id');
      });
    },
  },
];
