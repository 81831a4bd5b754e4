import { Router } from 'express';
import { z } from 'zod';
import type { IssueCreditNote } from '../../domain/invoice/commands';
import { NotFoundError, UnauthenticatedError } from '../../domain/shared/errors';
import { assertSuperuserOrOwner, requireSuperuser } from '../platform/guards';
import type { AppDeps } from '../platform/deps';
import { restFieldNames } from '../platform/http/error-middleware';
import { parseInput } from '../platform/http/validate';
import type { InvoiceService } from './invoice.service';
import { findCreditNote, listCreditNotes } from './credit-note.queries';
import { creditNotePrintable } from './invoice-document';
import { sendDocument } from './document-download';
import { INVOICE_REST_FIELDS, invoiceItemInput, linesOf } from './invoice.schema';
import { isUuid, pathId, zDate, zRequiredText } from '../platform/wire';

const NOT_FOUND = 'Credit note not found.';

export const creditNoteInput = z.object({
  reason: zRequiredText(500),
  date: zDate.optional(),
  /** Absent or empty: a full credit note. */
  items: z.array(invoiceItemInput, { error: 'Expected a list of items.' }).max(200, 'Ensure this list has no more than 200 items.').optional(),
});

const parseCreditNoteBody = (invoiceId: string, body: unknown): IssueCreditNote => {
  const input = parseInput(creditNoteInput, body);
  return {
    invoiceId,
    reason: input.reason,
    date: input.date,
    lines: input.items?.length ? linesOf(input.items) : undefined,
  };
};

/** Credit notes: issued against an invoice, listed, read, and downloaded by their superuser or client. */
export const creditNoteRoutes = (deps: AppDeps, billing: { invoices: InvoiceService }): Router => {
  const router = Router();

  for (const format of ['pdf', 'ubl'] as const) {
    router.get(`/credit-notes/:id/${format}/`, async (req, res) => {
      if (!req.user) throw new UnauthenticatedError();
      const note = await findCreditNote(deps.db, pathId(req.params.id, NOT_FOUND));
      assertSuperuserOrOwner(req.user, note?.client.id, () => new NotFoundError(NOT_FOUND));
      if (!note) throw new NotFoundError(NOT_FOUND);
      const invoice = await billing.invoices.load(note.invoice.id);
      await sendDocument(res, await creditNotePrintable(deps.db, note.id, invoice.status === 'empty' ? null : invoice.parties), format);
    });
  }

  router.use('/credit-notes', requireSuperuser);
  router.use('/invoices/:id/credit-notes', requireSuperuser);

  router.post('/invoices/:id/credit-notes/', restFieldNames(INVOICE_REST_FIELDS), async (req, res) => {
    const command = parseCreditNoteBody(pathId(req.params.id, 'Invoice not found.'), req.body);
    res.status(201).json(await billing.invoices.credit(command, req.user!.id));
  });

  router.get('/credit-notes/', async (req, res) => {
    const query = req.query;
    res.json(await listCreditNotes(deps.db, { clientId: isUuid(query.client) ? query.client : undefined, invoiceId: isUuid(query.invoice) ? query.invoice : undefined }));
  });

  router.get('/credit-notes/:id/', async (req, res) => {
    const note = await findCreditNote(deps.db, pathId(req.params.id, NOT_FOUND));
    if (!note) throw new NotFoundError(NOT_FOUND);
    res.json(note);
  });

  router.get('/credit-notes/:id/history/', async (req, res) => {
    const note = await findCreditNote(deps.db, pathId(req.params.id, NOT_FOUND));
    if (!note) throw new NotFoundError(NOT_FOUND);
    res.json(await billing.invoices.creditNoteHistory(note.invoice.id, note.id));
  });

  return router;
};
