import { randomUUID } from 'node:crypto';
import type { SubscriptionStatus } from '../../domain/billing/billing-state';
import type { SaveSubscription } from '../../domain/billing/commands';
import { dayOf } from '../../domain/shared/dates';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import type { AppDeps } from '../platform/deps';
import { listSubscriptions, findSubscription, subscriptionWire, type SubscriptionWire } from './subscription.queries';
import { deleteAudited, insertAudited, updateVersioned } from '../platform/versioned';
import { SELECT_CLIENT_AND_PRODUCT } from './subscription.schema';
import { enqueueWebhooks } from '../integrations';

const NOT_FOUND = 'Subscription not found.';

const subscriptionColumns = (c: SaveSubscription) => ({
  client_id: c.clientId,
  product_id: c.productId,
  start_date: c.startDate,
  status: c.status,
  auto_generate_invoices: c.autoGenerateInvoices,
});
const IN_USE = 'This subscription has invoices and cannot be deleted. Cancel it instead.';

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
    if (!client) errors.clientId = [`Invalid pk "${clientId}" - object does not exist.`];
    if (!product) errors.productId = [`Invalid pk "${productId}" - object does not exist.`];
    if (Object.keys(errors).length > 0) throw new ValidationError(SELECT_CLIENT_AND_PRODUCT, errors);
  }

  async create(command: SaveSubscription, actor: string): Promise<SubscriptionWire> {
    const id = randomUUID();
    await this.deps.db.transaction(async (trx) => {
      await this.assertRefs(trx, command.clientId, command.productId);
      await insertAudited(trx, {
        table: 'subscriptions',
        entity: 'subscription',
        actor,
        now: this.deps.clock(),
        row: { id, ...subscriptionColumns(command) },
      });
      await this.announce(trx, id, command.status === 'cancelled' ? ['subscription.created', 'subscription.cancelled'] : ['subscription.created']);
    });
    return this.get(id);
  }

  async update(id: string, command: SaveSubscription, actor: string): Promise<SubscriptionWire> {
    await this.deps.db.transaction(async (trx) => {
      const before: { status: SubscriptionStatus } | undefined = await trx('subscriptions').where({ id }).first('status');
      if (!before) throw new NotFoundError(NOT_FOUND);
      await this.assertRefs(trx, command.clientId, command.productId);
      await updateVersioned(trx, {
        table: 'subscriptions',
        entity: 'subscription',
        id,
        expectedVersion: command.expectedVersion,
        expectedUpdatedAt: command.expectedUpdatedAt,
        actor,
        now: this.deps.clock(),
        notFound: NOT_FOUND,
        patch: subscriptionColumns(command),
      });
      if (before.status !== 'cancelled' && command.status === 'cancelled') await this.announce(trx, id, ['subscription.cancelled']);
    });
    return this.get(id);
  }

  /** Webhooks of a subscription's life, in the transaction of its change (a cancelled one again after a reactivation is a new event). */
  private async announce(trx: AppDeps['db'], id: string, types: Array<'subscription.created' | 'subscription.cancelled'>): Promise<void> {
    const at = this.deps.clock().toISOString();
    const data = subscriptionWire((await findSubscription(trx, id))!, dayOf(this.deps.clock()));
    await enqueueWebhooks(
      trx,
      types.map((type) => ({ type, key: type === 'subscription.created' ? `${type}:${id}` : `${type}:${id}:${at}`, documentKey: `subscription:${id}`, occurredAt: at, data })),
      this.deps.clock(),
    );
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
