import type { Knex } from 'knex';
import type { FieldErrors } from '../../../domain/shared/errors';
import { ValidationError } from '../../../domain/shared/errors';
import { acceptedClassifications, classificationRefusal, INCOME_CATEGORY_NAMES, SALE_TYPES } from '../../../domain/tax/mydata/classification';
import type { IncomeClassification, MyDataSaleType } from '../../../domain/tax/mydata/types';
import { writeAudit } from '../../platform/audit';
import { transmitsToMyData } from './mydata.reactor';
import { readClassifications } from './document-source';

export interface MyDataSettings {
  /** Credentials are set (MYDATA_*) and the company is in Greece. */
  configured: boolean;
  /** The myDATA endpoint documents go to (test or production), null when not configured. */
  endpoint: string | null;
  /** Per service invoice type (2.1 at home, 2.2 intra-EU, 2.3 third countries): the classification used, and those AADE accepts. */
  classifications: Array<{ invoiceType: MyDataSaleType; chosen: IncomeClassification; accepted: Array<IncomeClassification & { categoryName: string }> }>;
}

/** The income classifications per kind of sale, with AADE's accepted combinations enforced (superuser). */
export class MyDataSettingsService {
  constructor(
    private readonly db: Knex,
    private readonly endpoint: string | null,
    private readonly clock: () => Date,
  ) {}

  async read(): Promise<MyDataSettings> {
    const [chosen, greek] = await Promise.all([readClassifications(this.db), transmitsToMyData(this.db)]);
    return {
      configured: this.endpoint !== null && greek,
      endpoint: this.endpoint,
      classifications: SALE_TYPES.map((invoiceType) => ({
        invoiceType,
        chosen: chosen[invoiceType],
        accepted: acceptedClassifications(invoiceType).map((c) => ({ ...c, categoryName: INCOME_CATEGORY_NAMES[c.category] ?? c.category })),
      })),
    };
  }

  /** Sets the classifications given (by type); each must be one AADE accepts on that type, else a 400 naming it and what is accepted. */
  async setClassifications(given: Partial<Record<string, IncomeClassification>>, actor: string): Promise<MyDataSettings> {
    const errors: FieldErrors = {};
    for (const [type, cls] of Object.entries(given)) {
      if (!(SALE_TYPES as readonly string[]).includes(type)) errors[type] = [`Use one of the service invoice types ${SALE_TYPES.join(', ')}.`];
      else if (cls) {
        const refusal = classificationRefusal(type as MyDataSaleType, cls);
        if (refusal) errors[type] = [refusal];
      }
    }
    if (Object.keys(errors).length) throw new ValidationError('Please correct the errors below.', errors);
    await this.db.transaction(async (trx) => {
      const before = await readClassifications(trx);
      const after = { ...before, ...Object.fromEntries(Object.entries(given).filter(([, c]) => c).map(([t, c]) => [t, { type: c!.type, category: c!.category }])) };
      await trx('company_settings').where({ id: 1 }).update({ mydata_classifications: JSON.stringify(after) });
      await writeAudit(trx, { actor, entity: 'company_settings', entityId: '1', action: 'update', before: { mydata_classifications: before }, after: { mydata_classifications: after }, at: this.clock() });
    });
    return this.read();
  }
}
