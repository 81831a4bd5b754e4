import type { Knex } from 'knex';
import { NotFoundError } from '../../domain/shared/errors';

export interface PaymentAlertRow {
  payment_id: string;
  invoice_id: string;
  invoice_number: string;
  client_id: string;
  client_name: string | null;
  reason: 'cancelled' | 'deleted';
  amount_cents: number;
  refunded_cents: number;
  date: string;
  reference: string | null;
  recorded_at: string;
  handled_at: string | null;
}

/**
 * Payments a gateway reported for invoices already cancelled or deleted: kept as the client's
 * credit balance and listed in the admin inbox until someone applies or refunds them and marks
 * them handled.
 */
export class PaymentAlerts {
  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date,
  ) {}

  private base(handled?: boolean | null) {
    const q = this.db('invoice_payments as p')
      .leftJoin('payment_alert_handling as h', 'h.payment_id', 'p.payment_id')
      .leftJoin('clients as c', 'c.id', 'p.client_id')
      .whereNotNull('p.unexpected_reason');
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
          'p.invoice_number',
          'p.client_id',
          'c.name as client_name',
          'p.unexpected_reason as reason',
          'p.amount_cents',
          'p.refunded_cents',
          'p.date',
          'p.reference',
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
    const alert = await this.db('invoice_payments').where({ payment_id: paymentId }).whereNotNull('unexpected_reason').first('payment_id');
    if (!alert) throw new NotFoundError('Alert not found.');
    if (handled) {
      await this.db('payment_alert_handling').insert({ payment_id: paymentId, handled_at: this.clock(), handled_by: actor }).onConflict('payment_id').ignore();
    } else {
      await this.db('payment_alert_handling').where({ payment_id: paymentId }).delete();
    }
  }
}
