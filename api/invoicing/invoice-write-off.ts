import { decide } from '../../domain/invoice/decide';
import type { WriteOffBadDebt } from '../../domain/invoice/commands';
import { invoiceStreamId } from '../../domain/invoice/events';
import { NotFoundError } from '../../domain/shared/errors';
import { writePathOf } from '../write/write-path';
import type { AppDeps } from '../platform/deps';
import { findInvoice, invoiceWire, type InvoiceWire } from './invoice.queries';
import { invoiceModel, viewInvoice } from './invoice-stream';
import { isUuid } from '../platform/wire';

const NOT_FOUND = 'Invoice not found.';

/**
 * Writes an issued invoice's open amount off as a bad debt through the one write path (the domain
 * decides what may be written off; the write path refuses a locked or out-of-range day), and
 * answers the invoice as the list now shows it.
 */
export const writeOffInvoice = async (deps: AppDeps, command: WriteOffBadDebt, actor: string): Promise<InvoiceWire> => {
  if (!isUuid(command.invoiceId)) throw new NotFoundError(NOT_FOUND);
  await writePathOf(deps).commands.handle(invoiceModel, {
    streamId: invoiceStreamId(command.invoiceId),
    actor,
    decide: ({ state }) => decide({ type: 'WriteOffInvoice', data: { date: command.date, reason: command.reason } }, state),
  });
  const listed = await findInvoice(deps.db, command.invoiceId);
  if (listed) return listed;
  // The list has not caught up (the wait ran out): the invoice as its stream now says.
  const row = await viewInvoice(deps.eventStore, command.invoiceId);
  if (!row) throw new NotFoundError(NOT_FOUND);
  const client = await deps.db('clients').where({ id: row.client_id }).first('name');
  return invoiceWire({ ...row, client_name: client?.name ?? null });
};
