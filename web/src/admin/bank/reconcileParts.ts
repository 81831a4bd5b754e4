import { parseEuros } from '../../../../domain/shared/money';
import type { MovementView, WirePart } from './statementApi';

export type PartKind = 'account' | 'transfer' | 'movement';

/** One part of a line as the panel edits it: the amount as typed (signed like the line, euros). */
export interface PartDraft {
  key: number;
  kind: PartKind;
  amount: string;
  account?: string;
  vatRate: number;
  description: string;
  moneyAccount?: string;
  movement?: string;
}

/** A signed euro amount from the wire (a number of at most two decimals) → integer cents. */
export const eurosToCents = (euros: number): number => {
  const parsed = parseEuros(String(Math.abs(euros)));
  if (!parsed.ok) throw new Error(`not an amount in euros: ${euros}`);
  return euros < 0 ? -parsed.value : parsed.value;
};

/**
 * What the admin typed → signed cents, or null when it is not an amount: "-119", "−119,00",
 * "1.234,56" and "1234.56" all read; at most two decimals.
 */
export const typedCents = (typed: string): number | null => {
  let text = typed.replace(/[\s\u00a0€]/g, '').replace(/^[\u2212\u2013]/, '-');
  const negative = text.startsWith('-');
  if (negative || text.startsWith('+')) text = text.slice(1);
  // With both marks, the last one is the decimal mark; with a comma alone, the comma is.
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma > dot) text = text.replace(/\./g, '').replace(',', '.');
  else if (comma >= 0) text = text.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const parsed = parseEuros(text);
  if (!parsed.ok) return null;
  return negative ? -parsed.value : parsed.value;
};

/** Signed cents → the text an amount field shows and the wire takes ("-119.00"). */
export const centsText = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A part is complete when its amount reads and it names what it goes to. */
export const partComplete = (p: PartDraft): boolean => {
  const cents = typedCents(p.amount);
  if (cents === null || cents === 0) return false;
  if (p.kind === 'account') return !!p.account;
  if (p.kind === 'transfer') return !!p.moneyAccount;
  return !!p.movement;
};

/** The line's amount less every part that reads (integer cents, never floats). */
export const remainingCents = (lineCents: number, parts: PartDraft[]): number => parts.reduce((left, p) => left - (typedCents(p.amount) ?? 0), lineCents);

/** Save is offered only when every part is complete and they add up to the line exactly. */
export const partsBalance = (lineCents: number, parts: PartDraft[]): boolean => parts.length > 0 && parts.every(partComplete) && remainingCents(lineCents, parts) === 0;

/** The body's parts, in the wire's words. */
export const wireParts = (parts: PartDraft[]): WirePart[] =>
  parts.map((p) => {
    const amount = centsText(typedCents(p.amount) ?? 0);
    if (p.kind === 'account') return { kind: 'account', account: p.account!, amount, vat_rate: p.vatRate, description: p.description.trim() };
    if (p.kind === 'transfer') return { kind: 'transfer', money_account: p.moneyAccount!, amount };
    return { kind: 'movement', movement: p.movement!, amount };
  });

/** Open movements with the line's exact amount first, the rest by date as the server gave them. */
export const movementsFor = (lineCents: number, movements: MovementView[]): Array<MovementView & { exact: boolean }> => {
  const marked = movements.map((m) => ({ ...m, exact: eurosToCents(m.amount) === lineCents }));
  return [...marked.filter((m) => m.exact), ...marked.filter((m) => !m.exact)];
};

/**
 * The server's field errors on `parts.N.field` → per part index, per field; the rest (`parts`, a
 * message) stays for the panel as a whole.
 */
export const partErrors = (errors: Record<string, string[]> | undefined): { parts: Record<number, Record<string, string[]>>; rest: string[] } => {
  const parts: Record<number, Record<string, string[]>> = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = /^parts\.(\d+)\.(.+)$/.exec(key);
    if (match) ((parts[Number(match[1])] ??= {})[match[2]!] ??= []).push(...messages);
    else rest.push(...messages);
  }
  return { parts, rest };
};
