import { Router } from 'express';
import { requireSuperuser } from '../platform/guards';
import { restFieldNames } from '../platform/http/error-middleware';
import { BILL_REST_NAMES, parseBillBody, parseBillPaymentBody } from './bill.schema';
import { AGING_BUCKETS, type BucketAmounts } from '../../domain/accounting/aging';
import { centsToEuros } from '../../domain/shared/money';
import type { BillService, BillStatus } from './bill.service';
import { AGING_REST_NAMES } from '../platform/wire';

const STATUSES: readonly BillStatus[] = ['draft', 'open', 'partly_paid', 'paid'];

/** `/api/bills/`: the superuser's. A draft until `post/`; payments at `payments/`. */
export const billRoutes = (purchases: { bills: BillService }): Router => {
  const router = Router();
  router.use('/bills', requireSuperuser, restFieldNames(BILL_REST_NAMES));

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
