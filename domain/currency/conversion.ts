/**
 * Amounts between a document's currency and the books' euros. Documents keep the amounts of every
 * currency as they keep euros: integer hundredths of its unit (cents, pence, rappen; a yen amount is
 * whole hundreds). Converting one divides by the rate (units per euro) exactly and rounds once,
 * half away from zero, to the cent. A document's euro figures are rounded so that its postings still
 * balance to the cent: gross and each VAT rate's VAT are converted, and the net lines share what is
 * left, the rounding residue going to the largest lines.
 */
import { Exact } from './rate';

/** A foreign amount (hundredths of its unit) at `rate` → euro cents, rounded half away from zero. */
export const toEuroCents = (hundredths: number, rate: string): number => new Exact(hundredths).div(rate).toDecimalPlaces(0).toNumber();

/**
 * The rate an amount was converted at when someone else converted it (a card payment Stripe settled
 * in euros): units of the currency per euro, to the six decimals rates are kept with.
 */
export const impliedRate = (hundredths: number, euroCents: number): string => {
  if (hundredths <= 0 || euroCents <= 0) throw new Error('a conversion of a positive amount to positive euros');
  return new Exact(hundredths).div(euroCents).toDecimalPlaces(6).toString();
};

/** `part` of `whole` of an amount of `cents` (a dispute of part of a payment, of the euros the payment was), half away from zero. */
export const shareOf = (cents: number, part: number, whole: number): number => (part === whole ? cents : new Exact(cents).mul(part).div(whole).toDecimalPlaces(0).toNumber());

/** Euro cents at `rate` → hundredths of the currency (a product's euro price on a USD invoice), half away from zero. */
export const fromEuroCents = (cents: number, rate: string): number => new Exact(cents).mul(rate).toDecimalPlaces(0).toNumber();

/**
 * Each amount converted on its own, then nudged a cent at a time (largest amounts first) until they
 * sum to `total`: the residue of rounding each is at most half a cent a line.
 */
export const euroShares = (amounts: readonly number[], rate: string, total: number): number[] => {
  const shares = amounts.map((m) => toEuroCents(m, rate));
  let residue = total - shares.reduce((a, b) => a + b, 0);
  if (shares.length === 0) {
    if (residue !== 0) throw new Error(`no line to carry a residue of ${residue} cents`);
    return shares;
  }
  const order = amounts.map((m, i) => ({ i, size: Math.abs(m) })).sort((a, b) => b.size - a.size || a.i - b.i);
  for (let k = 0; residue !== 0; k = (k + 1) % order.length) {
    const step = residue > 0 ? 1 : -1;
    shares[order[k]!.i]! += step;
    residue -= step;
  }
  return shares;
};

export interface ForeignDocument {
  rate: string;
  /** Each line's net, in hundredths of the currency. */
  lineNets: readonly number[];
  /** Each VAT rate's VAT (in the document's order of rates), in hundredths of the currency. */
  vatByRate: readonly number[];
}

export interface EuroDocument {
  /** The gross (what the client owes) in euro cents: the receivable's posting. */
  grossCents: number;
  /** Each VAT rate's VAT in euro cents: the VAT postings, what the document prints per rate. */
  vatByRate: number[];
  /** The VAT in euro cents, the sum of `vatByRate` (EN 16931 BT-111). */
  vatCents: number;
  /** Each line's net in euro cents; they sum to gross − VAT, so the document balances. */
  lineNets: number[];
}

const foreignGrossOf = (doc: ForeignDocument): number => doc.lineNets.reduce((a, b) => a + b, 0) + doc.vatByRate.reduce((a, b) => a + b, 0);

/**
 * A foreign-currency document's euro figures, balanced to the cent. `grossCents`, when given, is the
 * receivable's euros decided otherwise (a credit note that clears what is left of its invoice's
 * booked euros): the VAT stays each rate's VAT converted, the net lines share the rest.
 */
export const euroDocument = (doc: ForeignDocument, grossCents = toEuroCents(foreignGrossOf(doc), doc.rate)): EuroDocument => {
  const vatByRate = doc.vatByRate.map((v) => toEuroCents(v, doc.rate));
  const vatCents = vatByRate.reduce((a, b) => a + b, 0);
  return { grossCents, vatByRate, vatCents, lineNets: euroShares(doc.lineNets, doc.rate, grossCents - vatCents) };
};

/** What is open of a foreign document: the amount in its currency (hundredths) and its euros as booked. */
export interface OpenAmount {
  amount: number;
  carryingCents: number;
}

export interface Settlement {
  /** The euros the money is worth at the payment's rate: what the bank or Stripe account receives. */
  receivedCents: number;
  /** The part of the receivable's carrying amount in euros the payment clears. */
  relievedCents: number;
  /** received − relieved: a realised exchange gain when positive, a loss when negative. */
  differenceCents: number;
}

/**
 * A payment of `paid` (hundredths) against an open foreign amount carried at `carryingCents` euros (its
 * booked euros, as revalued since). A payment of the whole open amount clears the carrying amount
 * exactly; a part clears its share of it. The difference is the realised exchange gain or loss.
 * Signs follow the open amount: positive for a receivable, negative for a payable.
 */
export const settle = (open: OpenAmount, paid: number, paymentRate: string): Settlement => {
  if (open.amount === 0 || Math.sign(paid) !== Math.sign(open.amount)) throw new Error('a settlement pays an amount of what is open');
  const receivedCents = toEuroCents(paid, paymentRate);
  // Of the open amount's sign, the payment clears a share of the carrying amount: the booked rate is not needed.
  const relievedCents = relief(open, paid, paymentRate);
  return { receivedCents, relievedCents, differenceCents: receivedCents - relievedCents };
};

/**
 * The booked euros a movement of `moved` (hundredths, signed as the open amount it lowers) takes off
 * an open foreign amount carried at `carryingCents`: its share of them when it moves part of what is
 * open; all of them when it moves all of it (so no cent of rounding stays behind), and what it moves
 * beyond at `bookedRate` (a credit note for more than is still owed); at `bookedRate` alone when
 * nothing of its sign is open (a credit note on a paid invoice). The result is signed as `moved`.
 */
export const relief = (open: OpenAmount, moved: number, bookedRate: string): number => {
  if (open.amount === 0 || Math.sign(moved) !== Math.sign(open.amount)) return toEuroCents(moved, bookedRate);
  if (Math.abs(moved) < Math.abs(open.amount)) return new Exact(open.carryingCents).mul(moved).div(open.amount).toDecimalPlaces(0).toNumber();
  return open.carryingCents + toEuroCents(moved - open.amount, bookedRate);
};

/**
 * An open foreign amount carried at `carryingCents` revalued at a period end's rate: the unrealised
 * difference (positive: gain on a receivable, or a payable that shrank in euros).
 */
export const revaluation = (open: OpenAmount, rate: string): number => toEuroCents(open.amount, rate) - open.carryingCents;
