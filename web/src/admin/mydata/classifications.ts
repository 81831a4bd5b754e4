/** An income classification as myDATA takes it: an E3 code within a category (AADE's names). */
export interface Classification {
  type: string;
  category: string;
  categoryName?: string | null;
}

/** The service invoice types the product issues, in the order the settings list them. */
export const SALE_TYPES = ['2.1', '2.2', '2.3'] as const;

/** A classification as one Select value: category and E3 code, which together are what AADE checks. */
export const classificationKey = (c: Pick<Classification, 'type' | 'category'>): string => `${c.category}|${c.type}`;

export const parseClassificationKey = (key: string): { type: string; category: string } => {
  const at = key.indexOf('|');
  return { category: key.slice(0, at), type: key.slice(at + 1) };
};

export interface ClassificationGroup {
  category: string;
  categoryName: string;
  types: string[];
}

/** The accepted classifications grouped by category, in the order the server lists them (AADE's). */
export const classificationGroups = (accepted: readonly Classification[]): ClassificationGroup[] => {
  const groups = new Map<string, ClassificationGroup>();
  for (const c of accepted) {
    const group = groups.get(c.category) ?? { category: c.category, categoryName: c.categoryName ?? c.category, types: [] };
    if (!group.types.includes(c.type)) group.types.push(c.type);
    groups.set(c.category, group);
  }
  return [...groups.values()];
};

/** The form's choice per invoice type (a `classificationKey` each) as the mutation's input; an empty choice is left out. */
export const classificationsInput = (values: Partial<Record<string, string | undefined>>): Array<{ invoiceType: string; type: string; category: string }> =>
  Object.entries(values)
    .filter((entry): entry is [string, string] => !!entry[1])
    .map(([invoiceType, key]) => ({ invoiceType, ...parseClassificationKey(key) }));

/**
 * A refusal's field errors per invoice type. The service names the type ("2.1"); the GraphQL
 * input's own checks name the input's place ("input.classifications.0.type"), read back to the
 * type sent there. Anything else is the rest, for a message above the form.
 */
export const errorsByType = (fieldErrors: Record<string, string[]>, sent: ReadonlyArray<{ invoiceType: string }>): { types: Record<string, string[]>; rest: string[] } => {
  const types: Record<string, string[]> = {};
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const index = /(?:^|\.)classifications\.(\d+)(?:\.|$)/.exec(path)?.[1];
    const type = (SALE_TYPES as readonly string[]).includes(path) ? path : index !== undefined ? sent[Number(index)]?.invoiceType : undefined;
    if (type) types[type] = [...(types[type] ?? []), ...messages];
    else rest.push(...messages);
  }
  return { types, rest };
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why AADE would not take a classification on an invoice type, in the screen's language: the codes
 * it accepts with that category when there are any (the server's English says the same), else to
 * pick one of the list.
 */
export const refusalOnType = (chosen: { type: string; category: string }, accepted: readonly Classification[], t: Translate, categoryLabel: (category: string) => string): string => {
  const codes = accepted.filter((c) => c.category === chosen.category).map((c) => c.type);
  return codes.length > 0
    ? t('admin.mydata.settings.notAcceptedWith', { code: chosen.type, category: categoryLabel(chosen.category), codes: codes.join(', ') })
    : t('admin.mydata.settings.notAccepted', { code: chosen.type });
};

/**
 * Products' own classifications as the per-product table holds them: per product, per invoice type,
 * a `classificationKey`, or '' (COMPANY) for none of its own (the company's applies).
 */
export type ProductChoices = Record<string, Partial<Record<string, string>>>;

/** A product's choice that is no classification of its own: the company's applies. */
export const COMPANY = '';

/** The classifications products have of their own, as the server lists them, as table choices. */
export const productChoicesOf = (
  products: ReadonlyArray<{ productId: string; classifications: ReadonlyArray<{ invoiceType: string; classification: Pick<Classification, 'type' | 'category'> }> }>,
): ProductChoices => Object.fromEntries(products.map((p) => [p.productId, Object.fromEntries(p.classifications.map((c) => [c.invoiceType, classificationKey(c.classification)]))]));

/** One product's classification on one type as the mutation takes it; both null: the company's again. */
export interface ProductClassificationInput {
  productId: string;
  invoiceType: string;
  type: string | null;
  category: string | null;
}

/**
 * What the per-product table sends: each product and type whose choice (`edited`, only the ones
 * touched) differs from what is saved, one reset to the company's as null type and category. In the
 * table's order (`productIds`) and the types' (SALE_TYPES); a product no longer listed is left out.
 */
export const productClassificationChanges = (productIds: readonly string[], saved: ProductChoices, edited: ProductChoices): ProductClassificationInput[] =>
  productIds.flatMap((productId) =>
    SALE_TYPES.flatMap((invoiceType) => {
      const choice = edited[productId]?.[invoiceType];
      if (choice === undefined || choice === (saved[productId]?.[invoiceType] ?? COMPANY)) return [];
      const { type, category } = choice === COMPANY ? { type: null, category: null } : parseClassificationKey(choice);
      return [{ productId, invoiceType, type, category }];
    }),
  );

/** A refusal of one product's classification on one type: of the classification, or of the product (no longer in the catalogue). */
export interface ProductRefusal {
  productId: string;
  invoiceType: string;
  about: 'classification' | 'product';
  messages: string[];
}

/**
 * A refusal's field errors per product and type sent. The service names the entry's place
 * ("products.0", "products.0.productId" for a product not in the catalogue), the GraphQL input's own
 * checks the input's ("input.products.0.type"); each read back to the product and type sent there.
 * Anything else is the rest, for a message under the form.
 */
export const productRefusals = (fieldErrors: Record<string, string[]>, sent: ReadonlyArray<{ productId: string; invoiceType: string }>): { refusals: ProductRefusal[]; rest: string[] } => {
  const refusals = new Map<string, ProductRefusal>();
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const match = /(?:^|\.)products\.(\d+)(?:\.(\w+))?$/.exec(path);
    const entry = match ? sent[Number(match[1])] : undefined;
    if (!entry) {
      rest.push(...messages);
      continue;
    }
    const about = match![2] === 'productId' ? 'product' : 'classification';
    const key = `${entry.productId}|${entry.invoiceType}|${about}`;
    const known = refusals.get(key);
    if (known) known.messages.push(...messages);
    else refusals.set(key, { productId: entry.productId, invoiceType: entry.invoiceType, about, messages: [...messages] });
  }
  return { refusals: [...refusals.values()], rest };
};
