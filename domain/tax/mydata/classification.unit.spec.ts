import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedClassifications, classificationRefusal, productClassificationsOf } from './classification';
import { MY_DATA_INVOICE_TYPES } from './types';
import { MY_DATA_XSD_DIR } from './test/validate';

/** The values of one of AADE's enumerations (SimpleTypes-v2.0.1.xsd). */
const enumeration = (name: string): string[] => {
  const xsd = readFileSync(join(MY_DATA_XSD_DIR, 'SimpleTypes-v2.0.1.xsd'), 'utf8');
  const start = xsd.indexOf(`<xs:simpleType name="${name}">`);
  const body = xsd.slice(start, xsd.indexOf('</xs:simpleType>', start));
  return [...body.matchAll(/<xs:enumeration value="([^"]+)"\/>/g)].map((m) => m[1]!);
};

/** A type's table as category → E3 codes (sorted), to compare with AADE's. */
const table = (t: Parameters<typeof acceptedClassifications>[0], credited?: Parameters<typeof acceptedClassifications>[1]) => {
  const out: Record<string, string[]> = {};
  for (const c of acceptedClassifications(t, credited)) (out[c.category] ??= []).push(c.type);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
};

const OTHER_INCOME_GR = ['E3_562', 'E3_563', 'E3_564', 'E3_565', 'E3_566', 'E3_567', 'E3_568', 'E3_570'];

describe('myDATA income classifications', () => {
  it("holds the service invoices (2.1, 2.2, 2.3) to AADE's combinations table, as firebed/aade-mydata and Odoo keep it", () => {
    const gr1_3 = ['E3_561_001', 'E3_561_002', 'E3_561_007', 'E3_563'];
    const gr1_5 = ['E3_561_007', ...OTHER_INCOME_GR];
    const grYears = [...new Set([...gr1_3, ...gr1_5])].sort();
    expect(table('2.1')).toEqual({ category1_3: gr1_3, category1_5: [...gr1_5].sort(), category1_8: grYears, category1_9: grYears });
    for (const [type, sales] of [['2.2', 'E3_561_005'], ['2.3', 'E3_561_006']] as const) {
      const years = [sales, 'E3_561_007', 'E3_562', 'E3_563', 'E3_570'].sort();
      expect(table(type), type).toEqual({ category1_3: [sales, 'E3_561_007', 'E3_563'].sort(), category1_5: [sales, 'E3_561_007', 'E3_562', 'E3_570'].sort(), category1_8: years, category1_9: years });
    }
  });

  it('accepts the pairs of AADE table per type', () => {
    expect(classificationRefusal('2.1', { type: 'E3_561_001', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('2.1', { type: 'E3_563', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('2.2', { type: 'E3_561_005', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('2.3', { type: 'E3_561_006', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('2.3', { type: 'E3_570', category: 'category1_8' })).toBeNull();
    expect(classificationRefusal('5.2', { type: 'E3_561_005', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('5.2', { type: 'E3_561_006', category: 'category1_3' })).toBeNull();
  });

  it('refuses an E3 code the category does not take on that type, saying which it takes', () => {
    expect(classificationRefusal('2.2', { type: 'E3_561_001', category: 'category1_3' })).toBe(
      'E3_561_001 is not accepted with category1_3 (income from the provision of services) on a myDATA 2.2 document (service invoice (intra-community)): use E3_561_005, E3_561_007, E3_563.',
    );
    expect(classificationRefusal('2.1', { type: 'E3_561_006', category: 'category1_3' })).toMatch(/use E3_561_001, E3_561_002, E3_561_007, E3_563\.$/);
    expect(classificationRefusal('2.3', { type: 'E3_880_004', category: 'category1_8' })).toMatch(/^E3_880_004 is not accepted with category1_8 .* 2\.3 document/);
  });

  it('refuses a category the type does not take, saying which it takes: a service invoice sells no goods', () => {
    expect(classificationRefusal('2.1', { type: 'E3_561_001', category: 'category1_1' })).toBe(
      'category1_1 (income from the sale of goods) is not accepted on a myDATA 2.1 document (service invoice): use category1_3, category1_5, category1_8, category1_9.',
    );
    expect(classificationRefusal('2.1', { type: 'E3_595', category: 'category1_6' })).toMatch(/^category1_6 \(not an income category\) is not accepted/);
    expect(classificationRefusal('2.2', { type: 'E3_596', category: 'category1_95' })).toMatch(/^category1_95 \(other income-related information\) is not accepted/);
  });

  it("holds a correlated credit note (5.1) to the credited invoice's type, and to any of the product's without it", () => {
    const intraEu = { type: 'E3_561_005', category: 'category1_3' };
    expect(classificationRefusal('5.1', intraEu, '2.2')).toBeNull();
    expect(classificationRefusal('5.1', intraEu, '2.1')).toMatch(/^E3_561_005 is not accepted with category1_3 .* on a myDATA 5.1 document \(correlated credit note\): use E3_561_001, E3_561_002, E3_561_007, E3_563\.$/);
    expect(classificationRefusal('5.1', intraEu)).toBeNull();
    expect(acceptedClassifications('5.1', '2.3')).toEqual(acceptedClassifications('2.3'));
    expect(Object.keys(table('5.1'))).toEqual(['category1_3', 'category1_5', 'category1_8', 'category1_9']);
  });

  it('lists the accepted pairs for a settings screen, in category order, each once', () => {
    const list = acceptedClassifications('2.2');
    expect(list.slice(0, 3)).toEqual([
      { type: 'E3_561_005', category: 'category1_3' },
      { type: 'E3_561_007', category: 'category1_3' },
      { type: 'E3_563', category: 'category1_3' },
    ]);
    expect(list.filter((c) => c.category === 'category1_8').map((c) => c.type)).toEqual(['E3_561_005', 'E3_561_007', 'E3_563', 'E3_562', 'E3_570']);
    const all = acceptedClassifications('5.1');
    expect(new Set(all.map((c) => `${c.category}|${c.type}`)).size).toBe(all.length);
    expect(all.map((c) => c.category)).toEqual([...all.map((c) => c.category)].sort((a, b) => order(a) - order(b)));
  });

  it("uses only E3 codes and categories of AADE's schema", () => {
    const types = new Set(enumeration('IncomeClassificationValueType'));
    const categories = new Set(enumeration('IncomeClassificationCategoryType'));
    expect(types.size).toBeGreaterThan(30);
    for (const t of MY_DATA_INVOICE_TYPES) {
      for (const c of acceptedClassifications(t)) {
        expect(types, `${t} ${c.type}`).toContain(c.type);
        expect(categories, `${t} ${c.category}`).toContain(c.category);
      }
    }
  });

  it("gives a line its product's classification for the kind of sale, null where the line or its product has none", () => {
    const training = { type: 'E3_561_002', category: 'category1_3' };
    const byProduct = new Map([
      ['p1', { '2.1': training }],
      ['p2', { '2.2': { type: 'E3_561_005', category: 'category1_3' } }],
    ]);
    const lines = [{ productId: 'p1' }, {}, { productId: 'p2' }, { productId: 'gone' }];
    expect(productClassificationsOf(lines, '2.1', byProduct)).toEqual([training, null, null, null]);
    expect(productClassificationsOf(lines, '2.2', byProduct)).toEqual([null, null, { type: 'E3_561_005', category: 'category1_3' }, null]);
  });
});

const ORDER = ['category1_1', 'category1_2', 'category1_3', 'category1_4', 'category1_5', 'category1_7', 'category1_8', 'category1_9', 'category1_95'];
const order = (c: string) => ORDER.indexOf(c);
