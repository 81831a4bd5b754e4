import { Router } from 'express';
import { parseProductBody } from './product.schema';
import { requireSuperuser } from '../platform/guards';
import type { ProductService } from './product.service';
import { pathId } from '../platform/wire';

const NOT_FOUND = 'Product not found.';

export const productRoutes = (billing: { products: ProductService }): Router => {
  const router = Router();
  router.use('/products', requireSuperuser);

  router.get('/products/', async (_req, res) => {
    res.json(await billing.products.list());
  });

  router.post('/products/', async (req, res) => {
    res.status(201).json(await billing.products.create(parseProductBody(req.body), req.user!.id));
  });

  router.get('/products/:id/', async (req, res) => {
    res.json(await billing.products.get(pathId(req.params.id, NOT_FOUND)));
  });

  router.put('/products/:id/', async (req, res) => {
    res.json(await billing.products.update(pathId(req.params.id, NOT_FOUND), parseProductBody(req.body), req.user!.id));
  });

  router.delete('/products/:id/', async (req, res) => {
    await billing.products.remove(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.status(204).end();
  });

  return router;
};
