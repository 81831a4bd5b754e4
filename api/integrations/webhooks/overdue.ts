import type { Knex } from 'knex';
import { invoiceWire, whereOverdue } from '../../invoicing';
import { enqueueWebhooks } from './outbox';

const PAGE = 500;

/**
 * Makes `invoice.overdue` for every issued invoice still owed after its due date (`today` is the
 * first day it is overdue on), once per invoice and due date, when an enabled endpoint listens for
 * it. Run by the background processes every hour; the number of events made.
 */
export const enqueueOverdueInvoices = async (db: Knex, today: string, now: Date): Promise<number> => {
  const endpoints = (await db('webhook_endpoints').where({ enabled: true }).select('events')) as Array<{ events: string }>;
  if (!endpoints.some((e) => (JSON.parse(e.events) as string[]).includes('invoice.overdue'))) return 0;
  let made = 0;
  for (;;) {
    const n = await db.transaction(async (trx) => {
      const rows = await whereOverdue(trx('invoice_list as i').join('clients as c', 'c.id', 'i.client_id'), today, 'i')
        .where('i.issued', true)
        .whereNotExists((q) => q.select(trx.raw('1')).from('webhook_overdue as o').whereRaw('o.invoice_id = i.id and o.due_date = i.due_date'))
        .orderBy('i.id')
        .limit(PAGE)
        .select('i.*', 'c.name as client_name');
      if (rows.length === 0) return 0;
      await trx('webhook_overdue').insert(rows.map((r: { id: string; due_date: string }) => ({ invoice_id: r.id, due_date: r.due_date }))).onConflict(['invoice_id', 'due_date']).ignore();
      await enqueueWebhooks(
        trx,
        rows.map((r: Parameters<typeof invoiceWire>[0]) => {
          const wire = invoiceWire(r);
          return {
            type: 'invoice.overdue' as const,
            key: `invoice.overdue:${wire.id}:${wire.due_date}`,
            documentKey: `invoice:${wire.id}`,
            occurredAt: now.toISOString(),
            data: { id: wire.id, invoice_number: wire.invoice_number, client: wire.client.id, date: wire.date, due_date: wire.due_date, currency: wire.currency, total_amount: wire.total_amount, open_amount: wire.open_amount },
          };
        }),
        now,
      );
      return rows.length;
    });
    made += n;
    if (n < PAGE) return made;
  }
};
