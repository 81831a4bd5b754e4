import { Router } from 'express';
import { requireSuperuser } from '../platform/guards';
import { restFieldNames } from '../platform/http/error-middleware';
import { BILL_REST_NAMES, parseBillBody, parseBillPaymentBody } from './bill.schema';
import type { BillService, BillStatus } from './bill.service';

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

  return router;
};
