import type { Knex } from 'knex';
import { paymentsOfInvoices, type InvoicePaymentView } from '../../projections/invoice-payments/invoice-payments';

/**
 * Batches the payments of every invoice a GraphQL response asks for into one query (a page of
 * invoices would otherwise cost one query each). One loader per request.
 */
export class PaymentsLoader {
  private pending = new Map<string, ((rows: InvoicePaymentView[]) => void)[]>();
  private failures = new Map<string, ((err: unknown) => void)[]>();
  private scheduled = false;

  constructor(private readonly db: Knex) {}

  load(invoiceId: string): Promise<InvoicePaymentView[]> {
    return new Promise((resolve, reject) => {
      (this.pending.get(invoiceId) ?? this.pending.set(invoiceId, []).get(invoiceId)!).push(resolve);
      (this.failures.get(invoiceId) ?? this.failures.set(invoiceId, []).get(invoiceId)!).push(reject);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const pending = this.pending;
    const failures = this.failures;
    this.pending = new Map();
    this.failures = new Map();
    this.scheduled = false;
    try {
      const rows = await paymentsOfInvoices(this.db, [...pending.keys()]);
      for (const [id, resolvers] of pending) {
        const mine = rows.filter((r) => r.invoice_id === id);
        for (const resolve of resolvers) resolve(mine);
      }
    } catch (err) {
      for (const rejecters of failures.values()) for (const reject of rejecters) reject(err);
    }
  }
}

const loaders = new WeakMap<object, PaymentsLoader>();

export const paymentsLoaderFor = (request: object, db: Knex): PaymentsLoader => {
  let loader = loaders.get(request);
  if (!loader) loaders.set(request, (loader = new PaymentsLoader(db)));
  return loader;
};
