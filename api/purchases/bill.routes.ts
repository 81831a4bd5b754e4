import { Router } from 'express';
import { requireSuperuser } from '../platform/guards';
import { restFieldNames } from '../platform/http/error-middleware';
import { BILL_REST_NAMES, parseBillBody, parseBillPaymentBody, parseBillPaymentsBody } from './bill.schema';
import { AGING_BUCKETS, type BucketAmounts } from '../../domain/accounting/aging';
import { centsToEuros } from '../../domain/shared/money';
import type { BillService, BillStatus } from './bill.service';
import { AGING_REST_NAMES } from '../platform/wire';
import { attachment } from '../platform/http/attachment';
import { singleFileUpload } from '../platform/http/upload';
import { EINVOICE_MAX_BYTES } from '../../domain/einvoice/inbound';
import { BILL_DOCUMENT_MAX_BYTES } from '../../domain/bill/documents';
import type { BillImportService } from './bill-import';

const STATUSES: readonly BillStatus[] = ['draft', 'open', 'partly_paid', 'paid'];

/** `/api/bills/`: the superuser's. A draft until `post/`; payments at `payments/`. */
/** An inbound e-invoice: 16 MB at most (a 10 MB attachment inside it as base64, with room for the rest). */
const einvoiceUpload = singleFileUpload({ maxBytes: EINVOICE_MAX_BYTES, what: 'the e-invoice' });
/** A bill's document: a PDF or image of at most 10 MB. */
const documentUpload = singleFileUpload({ maxBytes: BILL_DOCUMENT_MAX_BYTES, what: 'the document' });

export const billRoutes = (purchases: { bills: BillService; imports: BillImportService }): Router => {
  const router = Router();
  router.use('/bills', requireSuperuser, restFieldNames(BILL_REST_NAMES));

  router.post('/bills/import/', einvoiceUpload, async (req, res) => {
    res.status(201).json(await purchases.imports.import(req.file!, req.user!.id));
  });

  router.post('/bills/payments/', async (req, res) => {
    res.status(201).json(await purchases.bills.payMany(parseBillPaymentsBody(req.body), req.user!.id));
  });

  router.post('/bills/:id/documents/', documentUpload, async (req, res) => {
    res.status(201).json(await purchases.bills.documents.attach(String(req.params.id), req.file!, req.user!.id));
  });

  router.get('/bills/:id/documents/:documentId/', async (req, res) => {
    const doc = await purchases.bills.documents.content(String(req.params.id), String(req.params.documentId));
    // A PDF or an image as its bytes prove is shown in the page (the admin's preview); anything else
    // (the e-invoice's XML, a spreadsheet an e-invoice embedded) is only downloaded, in a sandbox
    // should a browser try to render it.
    attachment(res, doc.filename, doc.mimeType, doc.inline ? 'inline' : 'attachment');
    if (!doc.inline) res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
    // The admin's own pages may frame one shown in the page (a PDF previewed beside its bill);
    // every other page of the site stays unframeable.
    else res.setHeader('Content-Security-Policy', String(res.getHeader('Content-Security-Policy') ?? '').replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(doc.content);
  });

  router.delete('/bills/:id/documents/:documentId/', async (req, res) => {
    await purchases.bills.documents.remove(String(req.params.id), String(req.params.documentId), req.user!.id);
    res.status(204).end();
  });

  router.get('/bills/', async (req, res) => {
    const status = typeof req.query.status === 'string' && (STATUSES as readonly string[]).includes(req.query.status) ? (req.query.status as BillStatus) : undefined;
    const supplierId = typeof req.query.supplier === 'string' ? req.query.supplier : undefined;
    res.json(await purchases.bills.list({ status, supplierId: supplierId && /^[0-9a-f-]{36}$/i.test(supplierId) ? supplierId : undefined }));
  });

  router.post('/bills/', async (req, res) => {
    res.status(201).json(await purchases.bills.create(parseBillBody(req.body), req.user!.id));
  });

  router.get('/bills/:id/', async (req, res) => {
    res.json(await purchases.bills.get(req.params.id));
  });

  router.put('/bills/:id/', async (req, res) => {
    res.json(await purchases.bills.update(req.params.id, parseBillBody(req.body), req.user!.id));
  });

  router.delete('/bills/:id/', async (req, res) => {
    await purchases.bills.remove(req.params.id, req.user!.id);
    res.status(204).end();
  });

  router.post('/bills/:id/post/', async (req, res) => {
    res.json(await purchases.bills.post(req.params.id, req.user!.id));
  });

  router.post('/bills/:id/payments/', async (req, res) => {
    res.status(201).json(await purchases.bills.pay(req.params.id, parseBillPaymentBody(req.body), req.user!.id));
  });

  router.get('/suppliers/:id/statement/', requireSuperuser, async (req, res) => {
    const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const s = await purchases.bills.statement(String(req.params.id), { from: one(req.query.from), to: one(req.query.to), asOf: one(req.query.as_of) });
    res.json({
      supplier: String(req.params.id),
      supplier_name: s.supplierName,
      from: s.from,
      to: s.to,
      opening_balance: centsToEuros(s.openingCents),
      lines: s.lines.map((l) => ({ date: l.date, kind: l.kind, bill: l.billId, invoice_number: l.supplierInvoiceNumber, reference: l.reference, amount: centsToEuros(l.amountCents), balance: centsToEuros(l.balanceCents) })),
      closing_balance: centsToEuros(s.closingCents),
    });
  });

  router.get('/reports/aged-payables/', requireSuperuser, async (req, res) => {
    const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const r = await purchases.bills.agedPayables({ asOf: one(req.query.as_of), to: one(req.query.to), from: one(req.query.from) });
    const buckets = (b: BucketAmounts) => Object.fromEntries(AGING_BUCKETS.map((k) => [AGING_REST_NAMES[k], centsToEuros(b[k])]));
    res.json({
      as_of: r.asOf,
      suppliers: r.clients.map((c) => ({ supplier_id: c.clientId, supplier: c.clientName, ...buckets(c.buckets), total: centsToEuros(c.owedCents), credit_balance: centsToEuros(c.creditCents) })),
      totals: { ...buckets(r.totals), total: centsToEuros(r.totals.owedCents), credit_balance: centsToEuros(r.totals.creditCents), net: centsToEuros(r.totals.netCents) },
    });
  });

  return router;
};
