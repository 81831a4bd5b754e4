import { ledgerStep, type LockedThrough } from './period-lock';
import { entryIdOf, type KnownEntry, type LedgerEffect, type LedgerEvent } from './postings';
import type { Totals, TotalsByAccount } from './reports';

/**
 * The balance read model's evolve: a day's (or month's) debit and credit totals per account.
 * The projection applies it row by row; property tests fold whole histories with it in memory.
 */
export const addToTotals = (row: Totals | null, line: Totals): Totals => ({
  debitCents: (row?.debitCents ?? 0) + line.debitCents,
  creditCents: (row?.creditCents ?? 0) + line.creditCents,
});

/** Totals of two disjoint ranges added per account (e.g. prior years + year to date). */
export const mergeTotals = (a: TotalsByAccount, b: TotalsByAccount): TotalsByAccount => {
  const out = new Map(a);
  for (const [id, t] of b) out.set(id, addToTotals(out.get(id) ?? null, t));
  return out;
};

/** Totals less a part of them (e.g. the closing entries within a period), per account. */
export const subtractTotals = (a: TotalsByAccount, b: TotalsByAccount): TotalsByAccount => {
  if (b.size === 0) return a;
  const out = new Map(a);
  for (const [id, t] of b) {
    const r = out.get(id);
    out.set(id, { debitCents: (r?.debitCents ?? 0) - t.debitCents, creditCents: (r?.creditCents ?? 0) - t.creditCents });
  }
  return out;
};

/** accountId -> day -> totals. */
export type DailyTotals = Map<string, Map<string, Totals>>;

export const foldEffects = (effects: Iterable<LedgerEffect>, into: DailyTotals = new Map()): DailyTotals => {
  for (const effect of effects) {
    for (const posting of effect.postings) {
      for (const line of posting.lines) {
        const days = into.get(line.accountId) ?? new Map<string, Totals>();
        days.set(posting.date, addToTotals(days.get(posting.date) ?? null, line));
        into.set(line.accountId, days);
      }
    }
  }
  return into;
};

/** Totals per account over [from, to] (inclusive; from undefined = since the beginning). */
export const totalsInRange = (daily: DailyTotals, from: string | undefined, to: string): TotalsByAccount => {
  const out = new Map<string, Totals>();
  for (const [accountId, days] of daily) {
    let t: Totals | null = null;
    for (const [day, totals] of days) {
      if ((from === undefined || day >= from) && day <= to) t = addToTotals(t, totals);
    }
    if (t) out.set(accountId, t);
  }
  return out;
};

/** The ledger's effects for a whole history, remembering each entry as the projection does. */
export const effectsOf = (events: Iterable<LedgerEvent>): LedgerEffect[] => {
  const known = new Map<string, KnownEntry>();
  const out: LedgerEffect[] = [];
  let lock: LockedThrough = null;
  for (const event of events) {
    const id = entryIdOf(event);
    const prior = id === null ? null : (known.get(id) ?? null);
    const step = ledgerStep(lock, event, prior);
    lock = step.lockedThrough;
    const effect = step.effect;
    if (!effect) continue;
    known.set(effect.entryId, { revenueAccountId: effect.revenueAccountId, vat: effect.vat ?? prior?.vat ?? null });
    out.push(effect);
  }
  return out;
};
