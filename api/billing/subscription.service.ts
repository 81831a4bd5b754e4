import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../domain/billing/billing-state';
import { dayOf } from '../../domain/shared/dates';
import { AppError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import type { AppDeps } from '../deps';
import { parseInput } from '../http/validate';
import { listSubscriptions, findSubscription, subscriptionWire, type SubscriptionWire } from './subscription.queries';
import { deleteAudited, insertAudited, updateVersioned } from './versioned';
import { zBool, zDate, zId, zUpdatedAt, zVersion } from './wire';

export const SELECT_CLIENT_AND_PRODUCT = 'Please select a client and a product.';
const NOT_FOUND = 'Subscription not found.';
const IN_USE = 'This subscription has invoices and cannot be deleted. Cancel it instead.';

const subscriptionInput = z.object({
  client: zId('client'),
  product: zId('product'),
  start_date: zDate,
  status: z
    .enum(SUBSCRIPTION_STATUSES as [SubscriptionStatus, ...SubscriptionStatus[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` })
    .optional()
    .transform((v) => v ?? 'active'),
  auto_generate_invoices: zBool(true),
  version: zVersion,
  updated_at: zUpdatedAt,
});

/** The spec's alert when the client or the product is missing or unknown; other errors keep the generic message. */
const parseSubscription = (body: unknown) => {
  try {
    return parseInput(subscriptionInput, body);
  } catch (err) {
    if (err instanceof AppError && err.fieldErrors && (err.fieldErrors.client || err.fieldErrors.product)) {
      throw new ValidationError(SELECT_CLIENT_AND_PRODUCT, err.fieldErrors);
    }
    throw err;
  }
};

export class SubscriptionService {
  constructor(private readonly deps: AppDeps) {}

  private today(): string {
    return dayOf(this.deps.clock());
  }

  list(filters: { clientId?: string; status?: SubscriptionStatus } = {}, page?: { limit: number; offset: number }) {
    return listSubscriptions(this.deps.db, this.today(), filters, page);
  }

  async get(id: string): Promise<SubscriptionWire> {
    const row = await findSubscription(this.deps.db, id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return subscriptionWire(row, this.today());
  }

  private async assertRefs(trx: AppDeps['db'], clientId: string, productId: string): Promise<void> {
    const [client, product] = await Promise.all([
      trx('clients').where({ id: clientId }).first('id'),
      trx('products').where({ id: productId }).first('id'),
    ]);
    const errors: Record<string, string[]> = {};
    if (!client) errors.client = [`Invalid pk "${clientId}" - object does not exist.`];
    if (!product) errors.product = [`Invalid pk "${productId}" - object does not exist.`];
    if (Object.keys(errors).length > 0) throw new ValidationError(SELECT_CLIENT_AND_PRODUCT, errors);
  }

  async create(body: unknown, actor: string): Promise<SubscriptionWire> {
    const input = parseSubscription(body);
    const id = randomUUID();
    await this.deps.db.transaction(async (trx) => {
      await this.assertRefs(trx, input.client, input.product);
      await insertAudited(trx, {
        table: 'subscriptions',
        entity: 'subscription',
        actor,
        now: this.deps.clock(),
        row: { id, client_id: input.client, product_id: input.product, start_date: input.start_date, status: input.status, auto_generate_invoices: input.auto_generate_invoices },
      });
    });
    return this.get(id);
  }

  async update(id: string, body: unknown, actor: string): Promise<SubscriptionWire> {
    const input = parseSubscription(body);
    await this.deps.db.transaction(async (trx) => {
      if (!(await trx('subscriptions').where({ id }).first('id'))) throw new NotFoundError(NOT_FOUND);
      await this.assertRefs(trx, input.client, input.product);
      await updateVersioned(trx, {
        table: 'subscriptions',
        entity: 'subscription',
        id,
        expectedVersion: input.version,
        expectedUpdatedAt: input.updated_at,
        actor,
        now: this.deps.clock(),
        notFound: NOT_FOUND,
        patch: { client_id: input.client, product_id: input.product, start_date: input.start_date, status: input.status, auto_generate_invoices: input.auto_generate_invoices },
      });
    });
    return this.get(id);
  }

  /** Refused once an invoice was issued for it (even a deleted one): cancel it instead. */
  async remove(id: string, actor: string): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const billed = await trx('subscription_billing').where({ subscription_id: id }).first('subscription_id');
      const listed = billed ?? (await trx('invoice_list').where({ subscription_id: id }).first('id'));
      if (listed) throw new ValidationError(IN_USE);
      await deleteAudited(trx, { table: 'subscriptions', entity: 'subscription', id, actor, now: this.deps.clock(), notFound: NOT_FOUND, inUse: IN_USE });
    });
  }
}
