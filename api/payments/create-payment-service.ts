import { InvoiceService } from '../billing/invoice.service';
import type { AppDeps } from '../deps';
import { createCheckoutGateway } from './create-gateway';
import { PaymentService } from './payment.service';

/** Payments over billing's invoice service (findPayable, idempotent recordPayment) and the configured gateway. */
export const createPaymentService = (deps: AppDeps, invoices: InvoiceService = new InvoiceService(deps)): PaymentService =>
  new PaymentService(deps, createCheckoutGateway(deps.config, deps.db), invoices);
