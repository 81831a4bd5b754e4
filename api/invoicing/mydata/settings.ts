import type { Knex } from 'knex';
import type { FieldErrors } from '../../../domain/shared/errors';
import { ValidationError } from '../../../domain/shared/errors';
import { acceptedClassifications, classificationRefusal, INCOME_CATEGORY_NAMES, SALE_TYPES } from '../../../domain/tax/mydata/classification';
import type { IncomeClassification, MyDataSaleType } from '../../../domain/tax/mydata/types';
import { writeAudit } from '../../platform/audit';
import { transmitsToMyData } from './mydata.reactor';
import { readClassifications, readProductClassifications } from './document-source';

export interface MyDataSettings {
  /** Credentials are set (MYDATA_*) and the company is in Greece. */
  configured: boolean;
  /** The myDATA endpoint documents go to (test or production), null when not configured. */
  endpoint: string | null;
  /** Per service invoice type (2.1 at home, 2.2 intra-EU, 2.3 third countries): the classification used, and those AADE accepts. */
  classifications: Array<{ invoiceType: MyDataSaleType; chosen: IncomeClassification; accepted: Array<IncomeClassification & { categoryName: string }> }>;
  /** Every catalogue product (by name), with the classifications it has of its own per type (the company's apply to the other types). */
  products: Array<{ productId: string; name: string; classifications: Array<{ invoiceType: MyDataSaleType; classification: IncomeClassification }> }>;
}

/** A product's classification for one type: set, or null to take the company's again. */
export interface ProductClassificationChange {
  productId: string;
  invoiceType: string;
  classification: IncomeClassification | null;
}

/** What a settings update changes: the company's classification per type, and products' own. */
export interface MyDataSettingsChange {
  classifications?: Partial<Record<string, IncomeClassification>>;
  products?: readonly ProductClassificationChange[];
}

export const BOTH_OR_NEITHER = "Give a product's classification both its type and its category, or neither to take the company's.";

/** The most products the settings list (a catalogue of services is far smaller). */
const MAX_PRODUCTS = 1000;

/** The income classifications per kind of sale, with AADE's accepted combinations enforced (superuser). */
export class MyDataSettingsService {
  constructor(
    private readonly db: Knex,
    private readonly endpoint: string | null,
    private readonly clock: () => Date,
  ) {}

  async read(): Promise<MyDataSettings> {
    const [chosen, greek, products, byProduct] = await Promise.all([
      readClassifications(this.db),
      transmitsToMyData(this.db),
      this.db('products').orderBy([{ column: 'name' }, { column: 'id' }]).limit(MAX_PRODUCTS).select('id', 'name') as Promise<Array<{ id: string; name: string }>>,
      readProductClassifications(this.db),
    ]);
    return {
      configured: this.endpoint !== null && greek,
      endpoint: this.endpoint,
      classifications: SALE_TYPES.map((invoiceType) => ({
        invoiceType,
        chosen: chosen[invoiceType],
        accepted: acceptedClassifications(invoiceType).map((c) => ({ ...c, categoryName: INCOME_CATEGORY_NAMES[c.category] ?? c.category })),
      })),
      products: products.map((p) => ({
        productId: p.id,
        name: p.name,
        classifications: SALE_TYPES.flatMap((invoiceType) => {
          const own = byProduct.get(p.id)?.[invoiceType];
          return own ? [{ invoiceType, classification: own }] : [];
        }),
      })),
    };
  }

  /**
   * Sets the company's classifications given (by type) and products' own (by product and type; null
   * gives the product the company's again). Each must be one AADE accepts on that type, else a 400
   * naming it and what is accepted; a product must be in the catalogue. All or nothing.
   */
  async update(change: MyDataSettingsChange, actor: string): Promise<MyDataSettings> {
    const errors: FieldErrors = {};
    const refuse = (field: string, type: string, cls: IncomeClassification | null | undefined) => {
      if (!(SALE_TYPES as readonly string[]).includes(type)) errors[field] = [`Use one of the service invoice types ${SALE_TYPES.join(', ')}.`];
      else if (cls) {
        const refusal = classificationRefusal(type as MyDataSaleType, cls);
        if (refusal) errors[field] = [refusal];
      }
    };
    for (const [type, cls] of Object.entries(change.classifications ?? {})) refuse(type, type, cls);
    const products = change.products ?? [];
    products.forEach((p, i) => refuse(`products.${i}`, p.invoiceType, p.classification));
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    await this.db.transaction(async (trx) => {
      if (change.classifications && Object.keys(change.classifications).length) await this.setCompany(trx, change.classifications, actor);
      if (products.length) await this.setProducts(trx, products, actor);
    });
    return this.read();
  }

  private async setCompany(trx: Knex.Transaction, given: Partial<Record<string, IncomeClassification>>, actor: string): Promise<void> {
    const before = await readClassifications(trx);
    const after = { ...before, ...Object.fromEntries(Object.entries(given).filter(([, c]) => c).map(([t, c]) => [t, { type: c!.type, category: c!.category }])) };
    await trx('company_settings').where({ id: 1 }).update({ mydata_classifications: JSON.stringify(after) });
    await writeAudit(trx, { actor, entity: 'company_settings', entityId: '1', action: 'update', before: { mydata_classifications: before }, after: { mydata_classifications: after }, at: this.clock() });
  }

  /** Each product changed is audited once, with its classifications before and after. */
  private async setProducts(trx: Knex.Transaction, changes: readonly ProductClassificationChange[], actor: string): Promise<void> {
    const ids = [...new Set(changes.map((c) => c.productId))];
    const known = new Set((await trx('products').whereIn('id', ids).forUpdate().pluck('id')) as string[]);
    const unknown = changes.flatMap((c, i) => (known.has(c.productId) ? [] : [i]));
    if (unknown.length) throw new ValidationError('Please correct the errors below.', Object.fromEntries(unknown.map((i) => [`products.${i}.productId`, ['Invalid pk - product does not exist.']])));
    const before = await readProductClassifications(trx, ids);
    for (const c of changes) {
      const key = { product_id: c.productId, invoice_type: c.invoiceType };
      if (c.classification) {
        await trx('product_mydata_classifications').insert({ ...key, type: c.classification.type, category: c.classification.category }).onConflict(['product_id', 'invoice_type']).merge();
      } else {
        await trx('product_mydata_classifications').where(key).delete();
      }
    }
    const after = await readProductClassifications(trx, ids);
    for (const id of ids) {
      await writeAudit(trx, { actor, entity: 'product', entityId: id, action: 'update', before: { mydata_classifications: before.get(id) ?? {} }, after: { mydata_classifications: after.get(id) ?? {} }, at: this.clock() });
    }
  }
}
