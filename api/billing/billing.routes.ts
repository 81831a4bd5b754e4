import { Router } from 'express';
import type { AppDeps } from '../deps';
import type { BillingServices } from './billing.services';
import { clientRoutes } from './client.routes';
import { invoiceRoutes } from './invoice.routes';
import { productRoutes } from './product.routes';
import { subscriptionRoutes } from './subscription.routes';

/** Every billing REST path of spec section 7 (clients, products, subscriptions, invoices, generation, public invoice). */
export const billingRoutes = (deps: AppDeps, billing: BillingServices): Router => {
  const router = Router();
  router.use(clientRoutes(billing));
  router.use(productRoutes(billing));
  router.use(subscriptionRoutes(billing));
  router.use(invoiceRoutes(deps, billing));
  return router;
};
