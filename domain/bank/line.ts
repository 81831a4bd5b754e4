import { ConflictError } from '../shared/errors';
import { eventDecoder, eventTypeGuard, foldStream, type DomainStream, type StoredEvent } from '../shared/stored-events';
import { BANK_LINE_EVENT_TYPES, type BankLineEvent, type BankLineReconciled, type BankPosting } from './line-events';
import type { ReconciliationPart } from './reconciliation-parts';

/** A statement line as its stream knows it: open, or reconciled by one reconciliation. */
export interface BankLineState {
  current: BankLineReconciled['data'] | null;
}

export const initialBankLineState = (): BankLineState => ({ current: null });

export const evolveBankLine = (state: BankLineState, event: BankLineEvent): BankLineState => {
  switch (event.type) {
    case 'BankLineReconciled':
      return { current: event.data };
    case 'BankLineUnreconciled':
      return state.current?.reconciliationId === event.data.reconciliationId ? { current: null } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export const STATEMENT_LINE_NOT_FOUND = 'Statement line not found.';
export const ALREADY_RECONCILED = 'This statement line is already reconciled: undo that first.';
export const NOT_RECONCILED = 'This statement line is not reconciled.';

/** Reconciles an open line; the parts and postings were checked (checkReconciliation) and made (postingsOf) by the caller. */
export const decideReconcile = (
  state: BankLineState,
  command: { lineId: string; reconciliationId: string; moneyAccountId: string; date: string; amountCents: number; parts: ReconciliationPart[]; postings: BankPosting[] },
): BankLineEvent[] => {
  if (state.current) throw new ConflictError(ALREADY_RECONCILED);
  return [{ type: 'BankLineReconciled', data: { ...command } }];
};

/** Undoes the line's reconciliation: the same postings, to be reversed on the same day. */
export const decideUnreconcile = (state: BankLineState): BankLineEvent[] => {
  const current = state.current;
  if (!current) throw new ConflictError(NOT_RECONCILED);
  const { lineId, reconciliationId, moneyAccountId, date, parts, postings } = current;
  return [{ type: 'BankLineUnreconciled', data: { lineId, reconciliationId, moneyAccountId, date, parts, postings } }];
};

export const decodeBankLineEvent: (stored: StoredEvent) => BankLineEvent = eventDecoder<BankLineEvent>('a bank statement line', BANK_LINE_EVENT_TYPES);
export const isBankLineEvent = eventTypeGuard(BANK_LINE_EVENT_TYPES);
export const bankLineStream: DomainStream<BankLineState, BankLineEvent> = { initialState: initialBankLineState, evolve: evolveBankLine, decode: decodeBankLineEvent };
export const foldBankLineStream = (stored: readonly StoredEvent[]): BankLineState => foldStream(bankLineStream, stored);
