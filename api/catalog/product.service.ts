import { randomUUID } from 'node:crypto';
import type { SaveProduct } from '../../domain/billing/commands';
import type { BillingCycle } from '../../domain/billing/periods';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { bpToPercent, centsToEuros } from '../../domain/shared/money';
import type { AppDeps } from '../platform/deps';
import { deleteAudited, insertAudited, updateVersioned } from '../platform/versioned';
import { toIso } from '../platform/wire';

export interface ProductRow {
  id: string;
  name: string;
  price_cents: number;
  billing_cycle: BillingCycle;
  vat_rate_bp: number;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ProductWire {
  id: string;
  name: string;
  price: number;
  billing_cycle: BillingCycle;
  vat_rate: number;
  version: number;
  updated_at: string;
}

export const productWire = (row: ProductRow): ProductWire => ({
  id: row.id,
  name: row.name,
  price: centsToEuros(row.price_cents),
  billing_cycle: row.billing_cycle,
  vat_rate: bpToPercent(row.vat_rate_bp),
  version: row.version,
  updated_at: toIso(row.updated_at),
});

const NOT_FOUND = 'Product not found.';

const productColumns = (c: SaveProduct) => ({ name: c.name, price_cents: c.priceCents, billing_cycle: c.billingCycle, vat_rate_bp: c.vatRateBp });
const IN_USE = 'This product is used by subscriptions and cannot be deleted.';

export class ProductService {
  constructor(private readonly deps: AppDeps) {}

  async list(): Promise<ProductWire[]> {
    const rows: ProductRow[] = await this.deps.db('products').orderBy([{ column: 'name' }, { column: 'id' }]);
    return rows.map(productWire);
  }

  async get(id: string): Promise<ProductWire> {
    const row: ProductRow | undefined = await this.deps.db('products').where({ id }).first();
    if (!row) throw new NotFoundError(NOT_FOUND);
    return productWire(row);
  }

  async create(command: SaveProduct, actor: string): Promise<ProductWire> {
    const row = await this.deps.db.transaction((trx) =>
      insertAudited<ProductRow & { [k: string]: unknown }>(trx, {
        table: 'products',
        entity: 'product',
        actor,
        now: this.deps.clock(),
        row: { id: randomUUID(), ...productColumns(command) },
      }),
    );
    return productWire(row);
  }

  async update(id: string, command: SaveProduct, actor: string): Promise<ProductWire> {
    const row = await this.deps.db.transaction((trx) =>
      updateVersioned<ProductRow & { [k: string]: unknown }>(trx, {
        table: 'products',
        entity: 'product',
        id,
        expectedVersion: command.expectedVersion,
        expectedUpdatedAt: command.expectedUpdatedAt,
        actor,
        now: this.deps.clock(),
        notFound: NOT_FOUND,
        patch: productColumns(command),
      }),
    );
    return productWire(row);
  }

  /** Refused while subscriptions use the product: their invoices and billing state depend on it. */
  async remove(id: string, actor: string): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const used = await trx('subscriptions').where({ product_id: id }).first('id');
      if (used) throw new ValidationError(IN_USE);
      await deleteAudited(trx, { table: 'products', entity: 'product', id, actor, now: this.deps.clock(), notFound: NOT_FOUND, inUse: IN_USE });
    });
  }
}
