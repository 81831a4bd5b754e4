import { describe, expect, it } from 'vitest';
import { classificationGroups, classificationKey, classificationsInput, COMPANY, errorsByType, parseClassificationKey, productChoicesOf, productClassificationChanges, productRefusals, refusalOnType } from './classifications';

const accepted = [
  { category: 'category1_3', type: 'E3_561_001', categoryName: 'income from the provision of services' },
  { category: 'category1_3', type: 'E3_561_007', categoryName: 'income from the provision of services' },
  { category: 'category1_5', type: 'E3_562', categoryName: 'other income and profits' },
];

describe('myDATA income classifications in the settings form', () => {
  it('keeps a category and its E3 code as one value, and reads it back', () => {
    const key = classificationKey({ category: 'category1_3', type: 'E3_561_001' });
    expect(key).toBe('category1_3|E3_561_001');
    expect(parseClassificationKey(key)).toEqual({ category: 'category1_3', type: 'E3_561_001' });
  });

  it('groups the accepted classifications by category in the order AADE lists them', () => {
    expect(classificationGroups(accepted)).toEqual([
      { category: 'category1_3', categoryName: 'income from the provision of services', types: ['E3_561_001', 'E3_561_007'] },
      { category: 'category1_5', categoryName: 'other income and profits', types: ['E3_562'] },
    ]);
  });

  it('sends each invoice type chosen, and leaves out one without a choice', () => {
    expect(classificationsInput({ '2.1': 'category1_3|E3_561_001', '2.2': undefined, '2.3': 'category1_5|E3_562' })).toEqual([
      { invoiceType: '2.1', type: 'E3_561_001', category: 'category1_3' },
      { invoiceType: '2.3', type: 'E3_562', category: 'category1_5' },
    ]);
  });

  it("puts the server's refusals under the invoice type they name, by type or by the input's place", () => {
    const sent = [{ invoiceType: '2.1' }, { invoiceType: '2.2' }];
    expect(errorsByType({ '2.2': ['E3_562 is not accepted'], 'input.classifications.0.type': ['too long'], '9.9': ['Use one of 2.1, 2.2, 2.3.'] }, sent)).toEqual({
      types: { '2.2': ['E3_562 is not accepted'], '2.1': ['too long'] },
      rest: ['Use one of 2.1, 2.2, 2.3.'],
    });
  });

  it("words a refusal in the screen's language with the codes AADE takes in that category, or else to pick from the list", () => {
    const t = (key: string, o?: Record<string, unknown>) => `${key} ${JSON.stringify(o)}`;
    const label = (c: string) => `«${c}»`;
    expect(refusalOnType({ category: 'category1_3', type: 'E3_561_005' }, accepted, t, label)).toBe(
      'admin.mydata.settings.notAcceptedWith {"code":"E3_561_005","category":"«category1_3»","codes":"E3_561_001, E3_561_007"}',
    );
    expect(refusalOnType({ category: 'category1_1', type: 'E3_561_001' }, accepted, t, label)).toBe('admin.mydata.settings.notAccepted {"code":"E3_561_001"}');
  });

  describe("products' own classifications", () => {
    const AUDIT = 'a0000000-0000-4000-8000-000000000001';
    const TRAINING = 'a0000000-0000-4000-8000-000000000002';
    const saved = productChoicesOf([
      { productId: AUDIT, classifications: [{ invoiceType: '2.1', classification: { type: 'E3_561_001', category: 'category1_3' } }] },
      { productId: TRAINING, classifications: [] },
    ]);

    it('holds each product\'s own classification per type as a choice; a type without one is the company\'s', () => {
      expect(saved).toEqual({ [AUDIT]: { '2.1': 'category1_3|E3_561_001' }, [TRAINING]: {} });
    });

    it('sends only the choices that differ from what is saved, one reset to the company\'s as null, in the table\'s and the types\' order', () => {
      const edited = {
        [TRAINING]: { '2.3': 'category1_5|E3_562', '2.1': 'category1_3|E3_561_007' },
        [AUDIT]: { '2.1': COMPANY, '2.2': COMPANY },
      };
      expect(productClassificationChanges([AUDIT, TRAINING], saved, edited)).toEqual([
        { productId: AUDIT, invoiceType: '2.1', type: null, category: null },
        { productId: TRAINING, invoiceType: '2.1', type: 'E3_561_007', category: 'category1_3' },
        { productId: TRAINING, invoiceType: '2.3', type: 'E3_562', category: 'category1_5' },
      ]);
    });

    it('sends nothing for a choice set back to what is saved, nor for a product no longer listed', () => {
      expect(productClassificationChanges([AUDIT, TRAINING], saved, { [AUDIT]: { '2.1': 'category1_3|E3_561_001', '2.3': COMPANY } })).toEqual([]);
      expect(productClassificationChanges([AUDIT], saved, { [TRAINING]: { '2.1': 'category1_3|E3_561_007' } })).toEqual([]);
    });

    it("puts the server's refusals on the product and type sent at their place, a product no longer in the catalogue apart", () => {
      const sent = [
        { productId: AUDIT, invoiceType: '2.2' },
        { productId: TRAINING, invoiceType: '2.1' },
        { productId: TRAINING, invoiceType: '2.3' },
      ];
      expect(
        productRefusals(
          {
            'products.0': ['AADE does not accept E3_561_001 with category1_3 on 2.2.'],
            'products.1.productId': ['Invalid pk - product does not exist.'],
            'input.products.2.type': ['too long'],
            'products.7': ['out of range'],
            '2.1': ['a company refusal'],
          },
          sent,
        ),
      ).toEqual({
        refusals: [
          { productId: AUDIT, invoiceType: '2.2', about: 'classification', messages: ['AADE does not accept E3_561_001 with category1_3 on 2.2.'] },
          { productId: TRAINING, invoiceType: '2.1', about: 'product', messages: ['Invalid pk - product does not exist.'] },
          { productId: TRAINING, invoiceType: '2.3', about: 'classification', messages: ['too long'] },
        ],
        rest: ['out of range', 'a company refusal'],
      });
    });
  });
});
