import type { Knex } from 'knex';
import { formatInvoiceNumber } from '../../domain/billing/numbering';
import { ConflictError } from '../../domain/shared/errors';

export const DUPLICATE_NUMBER = 'An invoice with this invoice number already exists.';

/**
 * The registry of invoice numbers in use. Invoices live in event streams, so uniqueness is kept
 * here: the primary key on `number` decides under any concurrency. Auto numbers come from a
 * per-year counter bumped atomically, skipping any number an admin typed by hand.
 */
export class InvoiceNumbers {
  constructor(private readonly db: Knex) {}

  /** Claims a typed number for an invoice; 409 when another invoice holds it. */
  async claim(number: string, invoiceId: string): Promise<void> {
    const holder = await this.db('invoice_numbers').where({ number }).first('invoice_id');
    if (holder?.invoice_id === invoiceId) return;
    const inserted = await this.db('invoice_numbers').insert({ number, invoice_id: invoiceId }).onConflict('number').ignore().returning('number');
    if (inserted.length === 0) throw new ConflictError(DUPLICATE_NUMBER);
  }

  /** Frees a number (after a failed append, or when an edit renamed the invoice). */
  async release(number: string, invoiceId: string): Promise<void> {
    await this.db('invoice_numbers').where({ number, invoice_id: invoiceId }).delete();
  }

  /** Numbers already held by these invoices (a generation retried after a crash reuses them). */
  async heldBy(invoiceIds: string[]): Promise<Map<string, string>> {
    if (invoiceIds.length === 0) return new Map();
    const rows: { number: string; invoice_id: string }[] = await this.db('invoice_numbers').whereIn('invoice_id', invoiceIds);
    return new Map(rows.map((r) => [r.invoice_id, r.number]));
  }

  /** Assigns the next free numbers of each invoice's year, in the order given. */
  async assign(requests: { invoiceId: string; year: number }[]): Promise<Map<string, string>> {
    const assigned = new Map<string, string>();
    let pending = requests;
    while (pending.length > 0) {
      const byYear = new Map<number, string[]>();
      for (const r of pending) byYear.set(r.year, [...(byYear.get(r.year) ?? []), r.invoiceId]);
      const rows: { number: string; invoice_id: string }[] = [];
      for (const [year, ids] of byYear) {
        const last = await this.bump(year, ids.length);
        ids.forEach((invoiceId, i) => rows.push({ number: formatInvoiceNumber(year, last - ids.length + 1 + i), invoice_id: invoiceId }));
      }
      const inserted: { number: string; invoice_id: string }[] = await this.db('invoice_numbers')
        .insert(rows)
        .onConflict('number')
        .ignore()
        .returning(['number', 'invoice_id']);
      for (const r of inserted) assigned.set(r.invoice_id, r.number);
      // A number typed by hand earlier was skipped: those invoices draw again.
      pending = pending.filter((r) => !assigned.has(r.invoiceId));
    }
    return assigned;
  }

  private async bump(year: number, count: number): Promise<number> {
    const result = await this.db.raw(
      `insert into invoice_number_sequences (year, last) values (?, ?)
       on conflict (year) do update set last = invoice_number_sequences.last + excluded.last
       returning last`,
      [year, count],
    );
    const rows = (result.rows ?? result) as { last: number }[];
    return Number(rows[0]!.last);
  }
}
