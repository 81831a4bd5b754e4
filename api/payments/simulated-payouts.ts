import { startPeriodic } from '../background/periodic';
import { dayOf } from '../../domain/shared/dates';
import type { AppDeps } from '../deps';
import type { PaymentService } from './payment.service';
import { SimulatedCheckoutGateway } from './simulated-gateway';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Pays the simulated balance out to the bank through the same signed `payout.paid` webhook path as
 * Stripe's payouts; undefined when there is no simulated gateway or nothing to pay out.
 */
export const simulatePayout = async (deps: AppDeps, payments: PaymentService): Promise<string | undefined> => {
  if (!(payments.gateway instanceof SimulatedCheckoutGateway)) return undefined;
  const delivery = await payments.gateway.payOut(dayOf(deps.clock()));
  if (!delivery) return undefined;
  await payments.handleWebhook(Buffer.from(delivery.payload), delivery.signature);
  return (JSON.parse(delivery.payload) as { data: { object: { id: string } } }).data.object.id;
};

/** Background work without Stripe keys: a daily payout, as Stripe's automatic payouts do. */
export const startSimulatedPayouts = (deps: AppDeps, payments: PaymentService, intervalMs = DAY_MS): { stop: () => void } | undefined => {
  if (!(payments.gateway instanceof SimulatedCheckoutGateway)) return undefined;
  const run = () =>
    void simulatePayout(deps, payments).then(
      (id) => id && deps.logger.info({ payoutId: id }, 'simulated payout paid'),
      (err: unknown) => deps.logger.warn({ err }, 'simulated payout failed'),
    );
  return startPeriodic(run, intervalMs);
};
