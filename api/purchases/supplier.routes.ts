import { Router } from 'express';
import { requireSuperuser } from '../platform/guards';
import { restFieldNames } from '../platform/http/error-middleware';
import { parseSupplierBody, SUPPLIER_REST_NAMES } from './supplier.schema';
import type { SupplierService } from './supplier.service';

/** `/api/suppliers/`: the superuser's, like clients and products. */
export const supplierRoutes = (purchases: { suppliers: SupplierService }): Router => {
  const router = Router();
  router.use('/suppliers', requireSuperuser, restFieldNames(SUPPLIER_REST_NAMES));

  router.get('/suppliers/', async (_req, res) => {
    res.json(await purchases.suppliers.list());
  });

  router.post('/suppliers/', async (req, res) => {
    res.status(201).json(await purchases.suppliers.create(parseSupplierBody(req.body), req.user!.id));
  });

  router.get('/suppliers/:id/', async (req, res) => {
    res.json(await purchases.suppliers.get(req.params.id));
  });

  router.put('/suppliers/:id/', async (req, res) => {
    res.json(await purchases.suppliers.update(req.params.id, parseSupplierBody(req.body), req.user!.id));
  });

  router.delete('/suppliers/:id/', async (req, res) => {
    await purchases.suppliers.remove(req.params.id, req.user!.id);
    res.status(204).end();
  });

  router.get('/suppliers/:id/history/', async (req, res) => {
    res.json(await purchases.suppliers.history(req.params.id));
  });

  return router;
};
