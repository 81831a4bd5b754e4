import { Router } from 'express';
import type { AppDeps } from '../deps';
import { enteredUnder } from '../http/entered-under';
import type { BillingServices } from './billing.services';
import { clientRoutes } from './client.routes';
import { creditNoteRoutes } from './credit-note.routes';
import { invoiceRoutes } from './invoice.routes';
import { productRoutes } from './product.routes';
import { subscriptionRoutes } from './subscription.routes';

/** Every billing REST path of spec section 7 (clients, products, subscriptions, invoices, generation, public invoice). */
export const billingRoutes = (deps: AppDeps, billing: BillingServices): Router => {
  const router = Router();
  router.use(enteredUnder(clientRoutes(billing)));
  router.use(enteredUnder(productRoutes(billing)));
  router.use(enteredUnder(subscriptionRoutes(billing)));
  router.use(enteredUnder(creditNoteRoutes(deps, billing)));
  router.use(enteredUnder(invoiceRoutes(deps, billing)));
  return router;
};
