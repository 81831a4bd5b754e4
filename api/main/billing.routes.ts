import { Router } from 'express';
import type { AppDeps } from '../platform/deps';
import { enteredUnder } from '../platform/http/entered-under';
import type { BillingServices } from './billing.services';
import { clientRoutes } from '../clients/client.routes';
import { creditNoteRoutes } from '../invoicing/credit-note.routes';
import { invoiceRoutes } from '../invoicing/invoice.routes';
import { mydataRoutes } from '../invoicing/mydata/mydata.routes';
import { productRoutes } from '../catalog/product.routes';
import { subscriptionRoutes } from '../recurring/subscription.routes';

/** Every billing REST path of spec section 7 (clients, products, subscriptions, invoices, generation, public invoice). */
export const billingRoutes = (deps: AppDeps, billing: BillingServices): Router => {
  const router = Router();
  router.use(enteredUnder(clientRoutes(billing)));
  router.use(enteredUnder(productRoutes(billing)));
  router.use(enteredUnder(subscriptionRoutes(billing)));
  router.use(enteredUnder(creditNoteRoutes(deps, billing)));
  router.use(enteredUnder(invoiceRoutes(deps, billing)));
  router.use(enteredUnder(mydataRoutes(billing.mydata, billing.mydataSettings)));
  return router;
};
