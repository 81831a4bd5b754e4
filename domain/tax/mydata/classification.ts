import type { IncomeClassification, MyDataInvoiceType, MyDataSaleType } from './types';

/**
 * Which income classifications AADE accepts on the documents the product issues: per invoice type,
 * each category with its E3 codes. Source: the combinations table of AADE's myDATA documentation
 * (v2.0.1, "Συνδυασμοί Χαρακτηρισμών"), as kept in `config/income-classifications.php` of
 * firebed/aade-mydata (MIT, commit 6572afb) and, the same for these types, in
 * `models/classification_data.py` of Odoo's l10n_gr_edi; written here as the product's own data.
 *
 * The service invoices (2.1, 2.2, 2.3) take income from services (category1_3) and other income
 * (category1_5), and both again as income of past or future fiscal years (category1_8,
 * category1_9); a correlated credit note (5.1) takes its invoice's; an uncorrelated one (5.2) has
 * its own table, the widest. Left out: category1_95 ("other information"), which AADE accepts on
 * these types only without an E3 code (and on 5.2 the two copies disagree), since a classification
 * here always has one.
 */
type Categories = Readonly<Record<string, readonly string[]>>;

/** Income of past and of future fiscal years (category1_8, category1_9) take every E3 code of the other categories of their type. */
const withOtherYears = (categories: Categories): Categories => {
  const all = [...new Set(Object.entries(categories).flatMap(([category, codes]) => (category === 'category1_95' ? [] : codes)))];
  return { ...categories, category1_8: all, category1_9: all };
};

/** E3_562 … E3_570: other ordinary income, credit interest (E3_563), exchange gains, income from holdings, other gains, extraordinary income: accepted at home. */
const OTHER_INCOME_GR = ['E3_562', 'E3_563', 'E3_564', 'E3_565', 'E3_566', 'E3_567', 'E3_568', 'E3_570'];

/**
 * Services abroad: 2.2 with the intra-community code (E3_561_005), 2.3 with the third-country one
 * (E3_561_006), each beside "other" sales (E3_561_007); the same shape.
 */
const servicesAbroad = (sales: string): Categories =>
  withOtherYears({
    category1_3: [sales, 'E3_561_007', 'E3_563'],
    category1_5: [sales, 'E3_561_007', 'E3_562', 'E3_570'],
  });

const SALES_ANY = ['E3_561_001', 'E3_561_002', 'E3_561_005', 'E3_561_006', 'E3_561_007'];

/** The tables of the types with their own (5.1 takes its invoice's: see `acceptedClassifications`). */
const ACCEPTED: Readonly<Record<MyDataSaleType | '5.2', Categories>> = {
  '2.1': withOtherYears({
    category1_3: ['E3_561_001', 'E3_561_002', 'E3_561_007', 'E3_563'],
    category1_5: ['E3_561_007', ...OTHER_INCOME_GR],
  }),
  '2.2': servicesAbroad('E3_561_005'),
  '2.3': servicesAbroad('E3_561_006'),
  '5.2': withOtherYears({
    category1_1: SALES_ANY,
    category1_2: SALES_ANY,
    category1_3: [...SALES_ANY, 'E3_563'],
    category1_4: ['E3_880_001', 'E3_880_003', 'E3_880_004'],
    category1_5: ['E3_561_002', 'E3_561_005', 'E3_561_006', 'E3_561_007', ...OTHER_INCOME_GR],
    category1_7: ['E3_881_001', 'E3_881_003', 'E3_881_004'],
  }),
};

export const SALE_TYPES: readonly MyDataSaleType[] = ['2.1', '2.2', '2.3'];

/**
 * The classification of a sale of services until the company chooses another: income from services
 * (category1_3) with the E3 code of where the buyer is: E3_561_001 (sales to businesses at home),
 * E3_561_005 (intra-community), E3_561_006 (third countries).
 */
export const DEFAULT_CLASSIFICATIONS: Readonly<Record<MyDataSaleType, IncomeClassification>> = {
  '2.1': { type: 'E3_561_001', category: 'category1_3' },
  '2.2': { type: 'E3_561_005', category: 'category1_3' },
  '2.3': { type: 'E3_561_006', category: 'category1_3' },
};

/** What each category is (AADE's names, in English), for messages and a settings screen. */
export const INCOME_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  category1_1: 'income from the sale of goods',
  category1_2: 'income from the sale of products',
  category1_3: 'income from the provision of services',
  category1_4: 'income from the sale of fixed assets',
  category1_5: 'other income and profits',
  category1_7: 'income on behalf of third parties',
  category1_8: 'income of past fiscal years',
  category1_9: 'income of future fiscal years',
  category1_95: 'other income-related information',
};

const INVOICE_TYPE_NAMES: Readonly<Record<MyDataInvoiceType, string>> = {
  '2.1': 'service invoice',
  '2.2': 'service invoice (intra-community)',
  '2.3': 'service invoice (third country)',
  '5.1': 'correlated credit note',
  '5.2': 'uncorrelated credit note',
};

const pairsOf = (categories: Categories): IncomeClassification[] =>
  Object.entries(categories).flatMap(([category, types]) => types.map((type) => ({ type, category })));

/**
 * The classifications AADE accepts on a document of `invoiceType`, in category order (a settings
 * screen offers these). A correlated credit note (5.1) accepts what the credited invoice's type
 * accepts: `creditedType` when known, else any of the product's invoice types.
 */
export const acceptedClassifications = (invoiceType: MyDataInvoiceType, creditedType?: MyDataSaleType): IncomeClassification[] => {
  if (invoiceType !== '5.1') return pairsOf(ACCEPTED[invoiceType]);
  const pairs = (creditedType ? [creditedType] : SALE_TYPES).flatMap((t) => pairsOf(ACCEPTED[t]));
  const unique = new Map(pairs.map((c) => [`${c.category}|${c.type}`, c]));
  return [...unique.values()].sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
};

const categoryOrder = (category: string): number => Object.keys(INCOME_CATEGORY_NAMES).indexOf(category);

const named = (category: string): string => `${category} (${INCOME_CATEGORY_NAMES[category] ?? 'not an income category'})`;

/**
 * Why AADE would refuse this classification on a document of `invoiceType`, saying what it
 * accepts instead; null when it accepts it. `creditedType` as for `acceptedClassifications`.
 */
export const classificationRefusal = (invoiceType: MyDataInvoiceType, cls: IncomeClassification, creditedType?: MyDataSaleType): string | null => {
  const accepted = acceptedClassifications(invoiceType, creditedType);
  if (accepted.some((c) => c.type === cls.type && c.category === cls.category)) return null;
  const on = `on a myDATA ${invoiceType} document (${INVOICE_TYPE_NAMES[invoiceType]})`;
  const types = accepted.filter((c) => c.category === cls.category).map((c) => c.type);
  if (types.length > 0) return `${cls.type} is not accepted with ${named(cls.category)} ${on}: use ${types.join(', ')}.`;
  const categories = [...new Set(accepted.map((c) => c.category))];
  return `${named(cls.category)} is not accepted ${on}: use ${categories.join(', ')}.`;
};

/** What a product is classified as, per kind of sale (only the kinds the company set for it). */
export type ProductClassifications = Partial<Record<MyDataSaleType, IncomeClassification>>;

/**
 * Per line of a document sold as `saleType`: the classification its product has for that kind of
 * sale, or null where the line names no product or its product has none (then the company's
 * choice applies: `MyDataSource.classification`).
 */
export const productClassificationsOf = (
  lines: ReadonlyArray<{ productId?: string }>,
  saleType: MyDataSaleType,
  byProduct: ReadonlyMap<string, ProductClassifications>,
): Array<IncomeClassification | null> => lines.map((l) => (l.productId ? (byProduct.get(l.productId)?.[saleType] ?? null) : null));
