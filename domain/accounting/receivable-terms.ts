import { addDays } from '../shared/dates';
import { agingSteps, type AgingStep, type ReceivableChange } from './aging';
import { effectsOf } from './balances';
import { SYSTEM_ACCOUNT_IDS } from './accounts';
import { lockAfter, type LockedThrough } from './period-lock';
import type { LedgerEvent } from './postings';

/**
 * Whose an invoice's receivable is and when it falls due, which is how aged receivables group it.
 * A voided invoice has none, unless a payment kept for it names its client (no due date then).
 */
export interface InvoiceTerms {
  clientId: string | null;
  dueDate: string | null;
}

/** The invoice's terms from `from` on (null: from the beginning) until the next span's day. */
export interface TermsSpan extends InvoiceTerms {
  from: string | null;
}

const NO_TERMS: InvoiceTerms = { clientId: null, dueDate: null };

/** The terms an event gives its invoice; undefined when it leaves them as they are. */
export const termsOf = (event: LedgerEvent): { invoiceId: string; terms: InvoiceTerms } | undefined => {
  switch (event.type) {
    case 'InvoiceIssued':
    case 'InvoiceEdited':
      return { invoiceId: event.data.invoiceId, terms: { clientId: event.data.clientId, dueDate: event.data.dueDate } };
    case 'InvoiceVoided':
      return { invoiceId: event.data.invoiceId, terms: NO_TERMS };
    case 'PaymentRecorded':
      // Money kept for a deleted invoice stays its client's (credit balance, statement): the void
      // dropped the terms, the payment names the client again (a draft never had payments before).
      return event.data.unexpected?.reason === 'deleted' ? { invoiceId: event.data.invoiceId, terms: { clientId: event.data.unexpected.clientId, dueDate: null } } : undefined;
    default:
      return undefined;
  }
};

const sameTerms = (a: InvoiceTerms, b: InvoiceTerms): boolean => a.clientId === b.clientId && a.dueDate === b.dueDate;

/**
 * An invoice's terms over time after a change made under the lock. Reports for a locked day never
 * change, so what the receivable was through the lock keeps the terms it had (a due date moved
 * later, a draft's client changed, an invoice voided): the new terms hold from the first open day.
 * With no lock they hold from the beginning, as a correction of unlocked history may.
 */
export const withTerms = (timeline: readonly TermsSpan[], terms: InvoiceTerms, lockedThrough: LockedThrough): TermsSpan[] => {
  if (lockedThrough === null || timeline.length === 0) return [{ from: null, ...terms }];
  const from = addDays(lockedThrough, 1);
  const kept = timeline.filter((s) => s.from === null || s.from < from);
  return sameTerms(kept.at(-1)!, terms) ? kept : [...kept, { from, ...terms }];
};

/** One (client, due date) group's owed and credit change on a day. */
export interface GroupStep extends AgingStep, InvoiceTerms {}

/**
 * An invoice's aging steps placed in the group of the terms in force on each step's day; where the
 * terms change, what was owed and in credit up to the day before moves from the old group to the
 * new one on that day. Summed per group up to any day, these give what each group held that day.
 */
export const groupSteps = (timeline: readonly TermsSpan[], changes: readonly ReceivableChange[]): GroupStep[] => {
  const steps = agingSteps(changes);
  const out: GroupStep[] = [];
  let owed = 0;
  let credit = 0;
  let next = 0;
  const spans = timeline.length ? timeline : [{ from: null, ...NO_TERMS }];
  let span = spans[0]!;
  const moveTo = (to: TermsSpan) => {
    if (owed !== 0 || credit !== 0) {
      // (0 - x, not -x: no negative zero in the sums)
      out.push({ date: to.from!, clientId: span.clientId, dueDate: span.dueDate, openCents: 0 - owed, creditCents: 0 - credit });
      out.push({ date: to.from!, clientId: to.clientId, dueDate: to.dueDate, openCents: owed, creditCents: credit });
    }
    span = to;
  };
  for (const step of steps) {
    while (next + 1 < spans.length && spans[next + 1]!.from! <= step.date) moveTo(spans[++next]!);
    out.push({ ...step, clientId: span.clientId, dueDate: span.dueDate });
    owed += step.openCents;
    credit += step.creditCents;
  }
  while (next + 1 < spans.length) moveTo(spans[++next]!);
  return out;
};

/**
 * The pure model of what the ledger projection keeps for aged receivables: every invoice's
 * Accounts Receivable changes (as posted, after the lock's deferrals) in the groups of its terms
 * over time (each change of terms under the lock in force when it was made). Entries naming no
 * invoice are one receivable without terms.
 */
export const receivableGroupSteps = (events: readonly LedgerEvent[]): GroupStep[] => {
  const changes = new Map<string | null, ReceivableChange[]>();
  for (const effect of effectsOf(events)) {
    for (const posting of effect.postings) {
      for (const line of posting.lines) {
        if (line.accountId !== SYSTEM_ACCOUNT_IDS.receivables) continue;
        const key = effect.source.invoiceId;
        changes.set(key, [...(changes.get(key) ?? []), { date: posting.date, deltaCents: line.debitCents - line.creditCents }]);
      }
    }
  }
  const timelines = new Map<string | null, TermsSpan[]>();
  let lock: LockedThrough = null;
  for (const event of events) {
    const change = termsOf(event);
    if (change) timelines.set(change.invoiceId, withTerms(timelines.get(change.invoiceId) ?? [], change.terms, lock));
    lock = lockAfter(lock, event);
  }
  return [...changes].flatMap(([invoiceId, c]) => groupSteps(invoiceId === null ? [] : (timelines.get(invoiceId) ?? []), c));
};
