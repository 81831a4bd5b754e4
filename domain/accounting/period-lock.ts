import { addDays } from '../shared/dates';
import { ValidationError } from '../shared/errors';
import { ledgerEffectOf, type KnownEntry, type LedgerEffect, type LedgerEvent } from './postings';

/**
 * The period lock: every day on or before `lockedThrough` is closed. Nothing posts into it again:
 * a user's new posting dated there is refused, and anything else that would post there (a
 * correction's reversal, a gateway's late report) posts on the first open day instead.
 * `null` means no lock.
 */
export type LockedThrough = string | null;

export const isLocked = (lockedThrough: LockedThrough, day: string): boolean => lockedThrough !== null && day <= lockedThrough;

export const firstOpenDay = (lockedThrough: LockedThrough, day: string): string => (lockedThrough !== null && day <= lockedThrough ? addDays(lockedThrough, 1) : day);

export const lockedMessage = (lockedThrough: string): string => `The books are locked up to ${lockedThrough}.`;

/** Refuses a posting a user asked for on a locked day (400, on the command's `date` field). */
export const assertOpen = (lockedThrough: LockedThrough, days: readonly string[]): void => {
  if (lockedThrough === null) return;
  if (days.some((d) => d <= lockedThrough)) {
    const message = lockedMessage(lockedThrough);
    throw new ValidationError(message, { date: [message] }, 'BOOKS_LOCKED', { date: lockedThrough });
  }
};

/**
 * What happens to a posting dated on a locked day: a person asking for it is told (refused); a
 * report of something that already happened (a gateway's webhook, a payout, the scheduler) must
 * not be lost, so it is deferred to the first open day.
 */
export type LockPolicy = 'refuse' | 'defer';

const REPORTING_ACTORS = new Set(['stripe', 'system', 'scheduler']);

export const lockPolicyOf = (actor: string): LockPolicy => (REPORTING_ACTORS.has(actor) ? 'defer' : 'refuse');

/** The ledger's guarantee: no posting of this effect lands on a locked day; those that would, land on the first open day. */
export const deferEffect = (effect: LedgerEffect, lockedThrough: LockedThrough): LedgerEffect => {
  if (lockedThrough === null || effect.postings.every((p) => p.date > lockedThrough)) return effect;
  return { ...effect, postings: effect.postings.map((p) => (p.date > lockedThrough ? p : { ...p, date: addDays(lockedThrough, 1) })) };
};

/** The lock after an event: only the lock's own events (a lock, a close, a reopen) move it. */
export const lockAfter = (lockedThrough: LockedThrough, event: LedgerEvent): LockedThrough =>
  event.type === 'BooksLocked' || event.type === 'FiscalYearClosed' || event.type === 'FiscalYearReopened' ? event.data.lockedThrough : lockedThrough;

/**
 * One event through the ledger under the lock in force when it was appended (events are applied in
 * their global order, so a rebuild decides every date the same way). The lock's own events move the
 * lock; a year's closing entry posts on the year's last day (it is what closes it), and its reversal
 * after the lock has moved back before the year; everything else is deferred past the lock.
 */
export const ledgerStep = (lockedThrough: LockedThrough, event: LedgerEvent, known: KnownEntry | null): { lockedThrough: LockedThrough; effect: LedgerEffect | null } => {
  switch (event.type) {
    case 'BooksLocked':
      return { lockedThrough: event.data.lockedThrough, effect: null };
    case 'FiscalYearClosed':
      return { lockedThrough: event.data.lockedThrough, effect: ledgerEffectOf(event, known) };
    case 'FiscalYearReopened': {
      const effect = ledgerEffectOf(event, known);
      return { lockedThrough: event.data.lockedThrough, effect: effect && deferEffect(effect, event.data.lockedThrough) };
    }
    default: {
      const effect = ledgerEffectOf(event, known);
      return { lockedThrough, effect: effect && deferEffect(effect, lockedThrough) };
    }
  }
};
