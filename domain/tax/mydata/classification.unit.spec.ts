import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedClassifications, classificationRefusal } from './classification';
import { MY_DATA_INVOICE_TYPES } from './types';
import { MY_DATA_XSD_DIR } from './test/validate';

/** The values of one of AADE's enumerations (SimpleTypes-v2.0.1.xsd). */
const enumeration = (name: string): string[] => {
  const xsd = readFileSync(join(MY_DATA_XSD_DIR, 'SimpleTypes-v2.0.1.xsd'), 'utf8');
  const start = xsd.indexOf(`<xs:simpleType name="${name}">`);
  const body = xsd.slice(start, xsd.indexOf('</xs:simpleType>', start));
  return [...body.matchAll(/<xs:enumeration value="([^"]+)"\/>/g)].map((m) => m[1]!);
};

describe('myDATA income classifications', () => {
  it('accepts the pairs of AADE table per type', () => {
    expect(classificationRefusal('1.1', { type: 'E3_561_001', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('1.1', { type: 'E3_563', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('1.2', { type: 'E3_561_005', category: 'category1_3' })).toBeNull();
    expect(classificationRefusal('1.3', { type: 'E3_561_006', category: 'category1_1' })).toBeNull();
    expect(classificationRefusal('1.3', { type: 'E3_880_004', category: 'category1_8' })).toBeNull();
    expect(classificationRefusal('5.2', { type: 'E3_561_005', category: 'category1_3' })).toBeNull();
  });

  it('refuses an E3 code the category does not take on that type, saying which it takes', () => {
    expect(classificationRefusal('1.2', { type: 'E3_561_001', category: 'category1_3' })).toBe(
      'E3_561_001 is not accepted with category1_3 (income from the provision of services) on a myDATA 1.2 document (sales invoice (intra-community)): use E3_561_005, E3_561_007.',
    );
    expect(classificationRefusal('1.1', { type: 'E3_561_006', category: 'category1_3' })).toMatch(/use E3_561_001, E3_561_002, E3_561_007, E3_563\.$/);
  });

  it('refuses a category the type does not take, saying which it takes', () => {
    expect(classificationRefusal('1.1', { type: 'E3_595', category: 'category1_6' })).toBe(
      'category1_6 (not an income category) is not accepted on a myDATA 1.1 document (sales invoice): use category1_1, category1_2, category1_3, category1_4, category1_5, category1_7, category1_95, category1_8, category1_9.',
    );
    expect(classificationRefusal('1.2', { type: 'E3_596', category: 'category1_95' })).toMatch(/^category1_95 \(other income-related information\) is not accepted/);
  });

  it("holds a correlated credit note (5.1) to the credited invoice's type, and to any of the product's without it", () => {
    const intraEu = { type: 'E3_561_005', category: 'category1_3' };
    expect(classificationRefusal('5.1', intraEu, '1.2')).toBeNull();
    expect(classificationRefusal('5.1', intraEu, '1.1')).toMatch(/^E3_561_005 is not accepted with category1_3 .* on a myDATA 5.1 document \(correlated credit note\): use E3_561_001/);
    expect(classificationRefusal('5.1', intraEu)).toBeNull();
    expect(acceptedClassifications('5.1', '1.3')).toEqual(acceptedClassifications('1.3'));
  });

  it('lists the accepted pairs for a settings screen, in category order, each once', () => {
    const list = acceptedClassifications('1.2');
    expect(list.slice(0, 2)).toEqual([
      { type: 'E3_561_005', category: 'category1_1' },
      { type: 'E3_561_007', category: 'category1_1' },
    ]);
    expect(list.filter((c) => c.category === 'category1_8').map((c) => c.type)).toEqual(['E3_561_005', 'E3_561_007', 'E3_880_003', 'E3_562', 'E3_570', 'E3_881_003']);
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
});

const ORDER = ['category1_1', 'category1_2', 'category1_3', 'category1_4', 'category1_5', 'category1_7', 'category1_8', 'category1_9', 'category1_95'];
const order = (c: string) => ORDER.indexOf(c);
