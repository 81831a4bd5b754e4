import { EURO } from '../../common/format';
import type { EditableItem } from './invoiceTypes';

/** What a line takes from a catalogue product. */
export interface LineProduct {
  id: string;
  name: string;
  /** Euros: the catalogue's prices are in euros. */
  price: number;
  /** Percent. */
  vatRate: number;
}

/** A VAT rate and category a line may take (a credit note's: those its invoice charged). */
interface VatOption {
  vatRate: number;
  vatCategory: string;
  exemptionReason?: string | null;
}

/**
 * What choosing a product on a line sets: the product, its name as the description, its price when
 * the document is in euros (another currency's price is the user's to type: the catalogue's is in
 * euros), and its VAT rate. A line exempt or zero-rated by its category keeps that category only at
 * 0 %; at the product's higher rate the category is the server's to decide again. Given `vatChoices`
 * (a credit note's lines), the rate is set only when one of them is the product's (S at its rate, Z
 * at 0 %), else the line's VAT stays as it was.
 */
export const productLinePatch = (
  product: LineProduct,
  line: Pick<EditableItem, 'vatCategory'> | undefined,
  { currency, vatChoices }: { currency: string; vatChoices?: readonly VatOption[] },
): Partial<EditableItem> & { productId: string } => {
  const patch: Partial<EditableItem> & { productId: string } = { productId: product.id, description: product.name };
  if (currency === EURO) patch.unitPrice = product.price;
  if (vatChoices) {
    const category = product.vatRate > 0 ? 'S' : 'Z';
    const choice = vatChoices.find((c) => c.vatCategory === category && c.vatRate === product.vatRate);
    if (choice) Object.assign(patch, { vatRate: choice.vatRate, vatCategory: choice.vatCategory, vatExemptionReason: null });
    return patch;
  }
  patch.vatRate = product.vatRate;
  if (product.vatRate > 0 && (line?.vatCategory === 'E' || line?.vatCategory === 'Z')) Object.assign(patch, { vatCategory: null, vatExemptionReason: null });
  return patch;
};
