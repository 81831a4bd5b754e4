/**
 * A document's own VAT per category and rate (an e-invoice's breakdown, EN 16931 BG-23), kept as
 * the bill's: the VAT a supplier charged is what the company may deduct, to the cent, even where
 * the document rounded per rate and the bill's lines would round per line. EN 16931 (BR-CO-17)
 * reckons a rate's VAT on the rate's whole taxable amount and accepts one currency unit either
 * way; the same tolerance holds here, and the difference from the lines' own rounding is spread
 * a cent at a time over the rate's largest lines, so the lines always add up to the stated VAT.
 */
import { divRoundHalfUp, formatEuros } from '../shared/money';
import type { BillLine } from './events';

export interface StatedVatRow {
  vatCategory: string;
  vatRateBp: number;
  vatCents: number;
}

/** EN 16931's BR-CO-17 tolerance: one currency unit. */
export const STATED_VAT_TOLERANCE_CENTS = 100;

const rate = (bp: number): string => `${bp / 100} %`;
export const statedVatFarOff = (category: string, rateBp: number, stated: number, reckoned: number): string =>
  `The VAT of category ${category} at ${rate(rateBp)} is stated as ${formatEuros(stated)}, but its lines' taxable amount at that rate gives ${formatEuros(reckoned)}.`;
export const statedVatNoLines = (category: string, rateBp: number): string => `The VAT breakdown names category ${category} at ${rate(rateBp)}, which no line has.`;
export const statedVatMissing = (category: string, rateBp: number): string => `The VAT breakdown has no row for category ${category} at ${rate(rateBp)}, which lines have.`;

const key = (category: string, rateBp: number) => `${category}|${rateBp}`;

/**
 * The lines with each group's VAT made the stated one, or the problems (field `vatAmount`). Lines
 * of reverse-charge (AE) VAT are left as they are: the supplier states none, the company self-assesses it.
 */
export const applyStatedVat = (lines: readonly BillLine[], stated: readonly StatedVatRow[]): { lines: BillLine[]; problems: string[] } => {
  const out = lines.map((l) => ({ ...l }));
  const problems: string[] = [];
  const groups = new Map<string, number[]>();
  out.forEach((l, i) => {
    if (l.vatCategory === 'AE') return;
    const k = key(l.vatCategory, l.vatRateBp);
    groups.set(k, [...(groups.get(k) ?? []), i]);
  });
  const seen = new Set<string>();
  for (const row of stated) {
    const category = row.vatCategory.toUpperCase();
    if (category === 'AE') continue;
    const k = key(category, row.vatRateBp);
    seen.add(k);
    const members = groups.get(k);
    if (!members) {
      if (row.vatCents !== 0) problems.push(statedVatNoLines(category, row.vatRateBp));
      continue;
    }
    const taxable = members.reduce((s, i) => s + out[i]!.netCents, 0);
    const reckoned = divRoundHalfUp(BigInt(taxable) * BigInt(row.vatRateBp), 10_000n);
    if (Math.abs(row.vatCents - reckoned) > STATED_VAT_TOLERANCE_CENTS) {
      problems.push(statedVatFarOff(category, row.vatRateBp, row.vatCents, reckoned));
      continue;
    }
    let difference = row.vatCents - members.reduce((s, i) => s + out[i]!.vatCents, 0);
    const largest = [...members].sort((a, b) => Math.abs(out[b]!.netCents) - Math.abs(out[a]!.netCents) || a - b);
    for (let n = 0; difference !== 0; n += 1) {
      const step = Math.sign(difference);
      out[largest[n % largest.length]!]!.vatCents += step;
      difference -= step;
    }
  }
  for (const k of groups.keys()) {
    if (!seen.has(k)) {
      const [category, bp] = k.split('|');
      problems.push(statedVatMissing(category!, Number(bp)));
    }
  }
  return { lines: out, problems };
};
