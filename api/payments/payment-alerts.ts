import type { Knex } from 'knex';
import { NotFoundError } from '../../domain/shared/errors';

export interface PaymentAlertRow {
  payment_id: string;
  invoice_id: string;
  invoice_number: string;
  client_id: string;
  client_name: string | null;
  /** What the invoice was when the money arrived, or `locked`: its day was locked, so it posted on `posted_on`. */
  reason: 'cancelled' | 'deleted' | 'locked';
  amount_cents: number;
  refunded_cents: number;
  date: string;
  reference: string | null;
  /** Set when the period lock moved its posting past its own day. */
  posted_on: string | null;
  recorded_at: string;
  handled_at: string | null;
}

/**
 * Payments a gateway reported that need a person: for invoices already cancelled or deleted (kept
 * as the client's credit balance until someone applies or refunds them), or dated in a locked
 * period (posted on the first open day instead). Listed in the admin inbox until marked handled.
 */
export class PaymentAlerts {
  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date,
  ) {}

  private base(handled?: boolean | null) {
    // The few alert payments first (both sources are small and indexed), then their rows.
    const alerted = this.db
      .select('payment_id')
      .from('invoice_payments')
      .whereNotNull('unexpected_reason')
      .unionAll((u) => u.select('d.payment_id').from('ledger_deferred_payments as d').join('invoice_payments as k', 'k.payment_id', 'd.payment_id').where('k.method', 'stripe'));
    const q = this.db('invoice_payments as p')
      .leftJoin('payment_alert_handling as h', 'h.payment_id', 'p.payment_id')
      .leftJoin('ledger_deferred_payments as d', 'd.payment_id', 'p.payment_id')
      // A live invoice's number and client are the list's; a cancelled or deleted one's the payment kept.
      .leftJoin('invoice_list as i', 'i.id', 'p.invoice_id')
      .leftJoin('clients as c', 'c.id', this.db.raw('coalesce(p.client_id, i.client_id)'))
      .whereIn('p.payment_id', alerted);
    if (handled === true) q.whereNotNull('h.payment_id');
    if (handled === false) q.whereNull('h.payment_id');
    return q;
  }

  async list(handled: boolean | null | undefined, offset: number, limit: number): Promise<{ items: PaymentAlertRow[]; total: number }> {
    const [items, count] = await Promise.all([
      this.base(handled)
        .select(
          'p.payment_id',
          'p.invoice_id',
          this.db.raw('coalesce(p.invoice_number, i.invoice_number) as invoice_number'),
          this.db.raw('coalesce(p.client_id, i.client_id) as client_id'),
          'c.name as client_name',
          this.db.raw("coalesce(p.unexpected_reason, 'locked') as reason"),
          'p.amount_cents',
          'p.refunded_cents',
          'p.date',
          'p.reference',
          'd.posted_on',
          'p.recorded_at',
          'h.handled_at',
        )
        .orderBy([{ column: 'p.recorded_at', order: 'desc' }, { column: 'p.payment_id' }])
        .offset(offset)
        .limit(limit),
      this.base(handled).count({ n: '*' }).first(),
    ]);
    return { items: items as PaymentAlertRow[], total: Number(count?.n ?? 0) };
  }

  async unhandledCount(): Promise<number> {
    return Number((await this.base(false).count({ n: '*' }).first())?.n ?? 0);
  }

  async markHandled(paymentId: string, handled: boolean, actor: string): Promise<void> {
    const alert = await this.base().where('p.payment_id', paymentId).first('p.payment_id');
    if (!alert) throw new NotFoundError('Alert not found.');
    if (handled) {
      await this.db('payment_alert_handling').insert({ payment_id: paymentId, handled_at: this.clock(), handled_by: actor }).onConflict('payment_id').ignore();
    } else {
      await this.db('payment_alert_handling').where({ payment_id: paymentId }).delete();
    }
  }
}
