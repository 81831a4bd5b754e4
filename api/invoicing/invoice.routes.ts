import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { InvoiceData } from '../../domain/invoice/invoice';
import { dayOf } from '../../domain/shared/dates';
import { NotFoundError, UnauthenticatedError } from '../../domain/shared/errors';
import { assertSuperuserOrOwner, requireSuperuser } from '../platform/guards';
import type { AppDeps } from '../platform/deps';
import type { InvoiceService } from './invoice.service';
import { restFieldNames } from '../platform/http/error-middleware';
import { invoicePrintable, payUrlOf } from './invoice-document';
import { sendDocument } from './document-download';
import { invoicePaymentRoutes } from './invoice-payments.routes';
import { writeOffInvoice } from './invoice-write-off';
import { parseInput } from '../platform/http/validate';
import { z } from 'zod';
import { INVOICE_REST_FIELDS, parseInvoiceBody } from './invoice.schema';
import { listInvoices } from './invoice.queries';
import { findPublicInvoice } from './invoice.queries';
import { isUuid, pathId, zDate, zRequiredText } from '../platform/wire';
import { publicReads, requestLimiter } from '../platform/rate-limit/limiters';

const NOT_FOUND = 'Invoice not found.';

export const writeOffBody = z.object({ date: zDate, reason: zRequiredText(500, 'multi') });

const listBodies = new WeakMap<object, { buffer: Buffer; etag: string }>();
const jsonBody = (value: unknown) => {
  const buffer = Buffer.from(JSON.stringify(value));
  return { buffer, etag: `W/"${createHash('sha1').update(buffer).digest('base64url')}"` };
};

export const invoiceRoutes = (deps: AppDeps, billing: { invoices: InvoiceService }): Router => {
  const router = Router();
  // Ids are unguessable, but an unlimited lookup still invites scanning (and PDFs cost CPU).
  const publicReadsLimiter = requestLimiter(deps, publicReads(deps));

  // Anonymous: the pay link's page. Shows only what the spec lists.
  router.get('/public/invoices/:id/', publicReadsLimiter, async (req, res) => {
    const invoice = await findPublicInvoice(deps.db, pathId(req.params.id, NOT_FOUND), deps.config);
    if (!invoice) throw new NotFoundError(NOT_FOUND);
    res.setHeader('Cache-Control', 'no-store');
    res.json(invoice);
  });

  const printable = (state: InvoiceData) => invoicePrintable(deps.db, state, payUrlOf(deps.config.publicBaseUrl, state.invoiceId));

  // The superuser, and the client user the invoice belongs to; anyone else learns nothing (404).
  for (const format of ['pdf', 'ubl'] as const) {
    router.get(`/invoices/:id/${format}/`, async (req, res) => {
      if (!req.user) throw new UnauthenticatedError();
      const state = await billing.invoices.load(pathId(req.params.id, NOT_FOUND));
      assertSuperuserOrOwner(req.user, state.status === 'issued' ? state.clientId : undefined, () => new NotFoundError(NOT_FOUND));
      if (state.status !== 'issued') throw new NotFoundError(NOT_FOUND);
      await sendDocument(res, await printable(state), format);
    });

    // The pay link's holder may download the invoice it names, as the e-mail that carried the link did.
    router.get(`/public/invoices/:id/${format}/`, publicReadsLimiter, async (req, res) => {
      const state = await billing.invoices.load(pathId(req.params.id, NOT_FOUND));
      if (state.status !== 'issued') throw new NotFoundError(NOT_FOUND);
      await sendDocument(res, await printable(state), format);
    });
  }

  router.use('/invoices', requireSuperuser);
  router.use(invoicePaymentRoutes(deps, billing));

  router.get('/invoices/', async (req, res) => {
    const query = req.query; // Express 5 parses the query string again at every access.
    const status = query.status === 'paid' || query.status === 'unpaid' ? query.status : undefined;
    const overdue = query.overdue === 'true' ? true : query.overdue === 'false' ? false : undefined;
    const clientId = isUuid(query.client) ? query.client : undefined;
    // The spec's list is a plain array; `limit`/`offset` page it for large ledgers (total in X-Total-Count).
    const limit = Number(query.limit);
    const offset = Number(query.offset ?? 0);
    const page =
      Number.isInteger(limit) && limit > 0 && Number.isInteger(offset) && offset >= 0 ? { limit: Math.min(limit, 500), offset } : undefined;
    const { items, total } = await listInvoices(deps.db, { clientId, status, overdue, today: dayOf(deps.clock()) }, page);
    // A cached list is serialised (and tagged) once, not once per request.
    let body = listBodies.get(items);
    if (!body) listBodies.set(items, (body = jsonBody(items)));
    res.set({ 'X-Total-Count': String(total), 'Content-Type': 'application/json; charset=utf-8', ETag: body.etag }).send(body.buffer);
  });

  router.post('/invoices/', restFieldNames(INVOICE_REST_FIELDS), async (req, res) => {
    const { expectedVersion: _unused, ...command } = parseInvoiceBody(req.body);
    res.status(201).json(await billing.invoices.create(command, req.user!.id));
  });

  router.get('/invoices/:id/', async (req, res) => {
    const invoice = await billing.invoices.get(pathId(req.params.id, NOT_FOUND));
    if (!invoice) throw new NotFoundError(NOT_FOUND);
    res.json(invoice);
  });

  router.get('/invoices/:id/history/', async (req, res) => {
    res.json(await billing.invoices.history(pathId(req.params.id, NOT_FOUND)));
  });

  router.put('/invoices/:id/', restFieldNames(INVOICE_REST_FIELDS), async (req, res) => {
    const invoiceId = pathId(req.params.id, NOT_FOUND);
    res.json(await billing.invoices.update({ ...parseInvoiceBody(req.body), invoiceId }, req.user!.id));
  });

  router.delete('/invoices/:id/', async (req, res) => {
    await billing.invoices.remove(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.status(204).end();
  });

  router.post('/invoices/:id/send/', async (req, res) => {
    const invoice = await billing.invoices.send(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.json({ message: 'Invoice sent successfully.', invoice });
  });

  router.post('/invoices/:id/mark_as_paid/', async (req, res) => {
    const invoice = await billing.invoices.markAsPaid(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.json({ message: 'Invoice marked as paid!', invoice });
  });

  // A bad debt: the open amount leaves the receivables (Dr Bad Debts, Cr Accounts Receivable).
  router.post('/invoices/:id/write-off/', async (req, res) => {
    const invoiceId = pathId(req.params.id, NOT_FOUND);
    const input = parseInput(writeOffBody, req.body);
    res.status(201).json(await writeOffInvoice(deps, { invoiceId, date: input.date, reason: input.reason }, req.user!.id));
  });

  return router;
};
