import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BILLING_CYCLES, type BillingCycle } from '../../domain/billing/periods';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { bpToPercent, centsToEuros } from '../../domain/shared/money';
import type { AppDeps } from '../deps';
import { parseInput } from '../http/validate';
import { deleteAudited, insertAudited, updateVersioned } from './versioned';
import { toIso, zCents, zDefaulted, zRequiredText, zVatBp, zUpdatedAt, zVersion } from './wire';

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

const productInput = z.object({
  name: zRequiredText(200),
  price: zCents,
  billing_cycle: z
    .enum(BILLING_CYCLES as [BillingCycle, ...BillingCycle[]], { error: (i) => `"${String(i.input)}" is not a valid choice.` })
    .optional()
    .transform((v) => v ?? 'one_time'),
  vat_rate: zDefaulted(0, zVatBp),
  version: zVersion,
  updated_at: zUpdatedAt,
});

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

  async create(body: unknown, actor: string): Promise<ProductWire> {
    const input = parseInput(productInput, body);
    const row = await this.deps.db.transaction((trx) =>
      insertAudited<ProductRow & { [k: string]: unknown }>(trx, {
        table: 'products',
        entity: 'product',
        actor,
        now: this.deps.clock(),
        row: { id: randomUUID(), name: input.name, price_cents: input.price, billing_cycle: input.billing_cycle, vat_rate_bp: input.vat_rate },
      }),
    );
    return productWire(row);
  }

  async update(id: string, body: unknown, actor: string): Promise<ProductWire> {
    const input = parseInput(productInput, body);
    const row = await this.deps.db.transaction((trx) =>
      updateVersioned<ProductRow & { [k: string]: unknown }>(trx, {
        table: 'products',
        entity: 'product',
        id,
        expectedVersion: input.version,
        expectedUpdatedAt: input.updated_at,
        actor,
        now: this.deps.clock(),
        notFound: NOT_FOUND,
        patch: { name: input.name, price_cents: input.price, billing_cycle: input.billing_cycle, vat_rate_bp: input.vat_rate },
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
