import { startPeriodic } from '../platform/background/periodic';
import { dayOf } from '../../domain/shared/dates';
import type { AppDeps } from '../platform/deps';
import type { PaymentService } from './payment.service';
import { SimulatedCheckoutGateway } from './simulated-gateway';
import { ConflictError } from '../../domain/shared/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

type PayoutDelivery = { payload: string; signature: string };

/**
 * Payout webhooks refused for now: a payout that settles a card payment whose own webhook has not
 * been handled yet answers 409 ("not recorded yet"). Stripe delivers such a webhook again later;
 * the simulated gateway keeps it and delivers it again on its next payout.
 */
const awaitingRetry = new WeakMap<SimulatedCheckoutGateway, PayoutDelivery[]>();

const queueOf = (gateway: SimulatedCheckoutGateway): PayoutDelivery[] => {
  const queue = awaitingRetry.get(gateway) ?? [];
  awaitingRetry.set(gateway, queue);
  return queue;
};

/** Hands a payout webhook to the signed webhook path; false, and kept for a retry, when it is refused for now. */
const deliver = async (payments: PaymentService, gateway: SimulatedCheckoutGateway, delivery: PayoutDelivery): Promise<boolean> => {
  try {
    await payments.handleWebhook(Buffer.from(delivery.payload), delivery.signature);
    return true;
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    queueOf(gateway).push(delivery);
    return false;
  }
};

/** Delivers again the payout webhooks refused before: how many went through, and how many still wait. */
export const retryPayouts = async (payments: PaymentService): Promise<{ delivered: number; waiting: number }> => {
  const gateway = payments.gateway;
  if (!(gateway instanceof SimulatedCheckoutGateway)) return { delivered: 0, waiting: 0 };
  let delivered = 0;
  for (const delivery of queueOf(gateway).splice(0)) if (await deliver(payments, gateway, delivery)) delivered++;
  return { delivered, waiting: queueOf(gateway).length };
};

/**
 * Pays the simulated balance out to the bank through the same signed `payout.paid` webhook path as
 * Stripe's payouts, after delivering again any payout refused before; the new payout's id, or
 * undefined when there is no simulated gateway, nothing to pay out, or it must wait for a retry.
 */
export const simulatePayout = async (deps: AppDeps, payments: PaymentService): Promise<string | undefined> => {
  const gateway = payments.gateway;
  if (!(gateway instanceof SimulatedCheckoutGateway)) return undefined;
  await retryPayouts(payments);
  const delivery = await gateway.payOut(dayOf(deps.clock()));
  if (!delivery || !(await deliver(payments, gateway, delivery))) return undefined;
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
