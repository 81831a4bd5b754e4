import type { JournalLine } from '../journal/events';
import type { BooksEvent } from './events';

export interface ClosedYear {
  entryId: string;
  from: string;
  to: string;
  lines: JournalLine[];
}

export interface Books {
  lockedThrough: string | null;
  /** Closed fiscal years, oldest first. */
  closed: ClosedYear[];
  /** The days open foreign balances were revalued on (optional: states folded before currencies lack it). */
  revalued?: string[];
}

export const initialBooks = (): Books => ({ lockedThrough: null, closed: [] });

export const evolveBooks = (state: Books, event: BooksEvent): Books => {
  switch (event.type) {
    case 'BooksLocked':
      return { ...state, lockedThrough: event.data.lockedThrough };
    case 'FiscalYearClosed': {
      const { entryId, from, to, lines } = event.data;
      return { ...state, lockedThrough: event.data.lockedThrough, closed: [...state.closed, { entryId, from, to, lines }].sort((a, b) => a.from.localeCompare(b.from)) };
    }
    case 'FiscalYearReopened':
      return { ...state, lockedThrough: event.data.lockedThrough, closed: state.closed.filter((y) => y.from !== event.data.from) };
    case 'ForeignBalancesRevalued':
      return { ...state, revalued: [...(state.revalued ?? []), event.data.date] };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export const lastClosed = (state: Books): ClosedYear | undefined => state.closed[state.closed.length - 1];
