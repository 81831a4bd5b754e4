import { InvoiceService } from '../invoicing';
import type { AppDeps } from '../platform/deps';
import { createCheckoutGateway } from './create-gateway';
import { MoneyMovementService } from './money-movements.service';
import { PaymentService } from './payment.service';

/** Payments over billing's invoice service (findPayable, idempotent recordPayment) and the configured gateway. */
export const createPaymentService = (deps: AppDeps, invoices: InvoiceService = new InvoiceService(deps)): PaymentService => {
  const gateway = createCheckoutGateway(deps.config, deps.db, deps.clock);
  if (gateway.kind === 'simulated') {
    deps.logger.info('no STRIPE_SECRET_KEY: card payments use the built-in simulated checkout');
  } else if (!gateway.webhookSecret) {
    // Payments are then recorded only when the customer returns (reconciliation), never from Stripe's webhooks.
    deps.logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused');
  }
  return new PaymentService(deps, gateway, invoices, new MoneyMovementService(deps, gateway, invoices));
};
