import { SYSTEM_ACCOUNT_IDS as A } from '../../domain/accounting/accounts';
import { addDays, dayOf } from '../../domain/shared/dates';
import type { JournalLine } from '../../domain/journal/events';
import type { AppDeps } from '../platform/deps';
import type { AccountingServices } from './accounting.services';

const SEED_ACTOR = 'system';
const code = (c: string) => `a0000000-0000-4000-8000-00000000${c}`;
const dr = (accountId: string, euros: number): JournalLine => ({ accountId, debitCents: euros * 100, creditCents: 0 });
const cr = (accountId: string, euros: number): JournalLine => ({ accountId, debitCents: 0, creditCents: euros * 100 });

/**
 * Demo journal entries for an empty ledger, through the journal service like an admin's: the
 * founders' capital, a loan, equipment, recurring costs, a receipt paid from the bank and a bill
 * still owed. Every entry names both its sides, so nothing is left on Suspense (the single-line
 * form's other side) and the demo balance sheet shows none. Runs once: a marker row in the audit log.
 */
export const seedAccountingDemo = async (deps: AppDeps, accounting: AccountingServices): Promise<void> => {
  if (await deps.db('audit_log').where({ entity: 'accounting_demo_seed' }).first('id')) return;
  if (await deps.db('ledger_entries').where({ source_type: 'manual' }).first('entry_id')) return;
  const today = dayOf(deps.clock());
  const ago = (days: number) => addDays(today, -days);
  const multi: Array<[number, string, JournalLine[]]> = [
    [170, 'Share capital paid in by the founders', [dr(A.bank, 60000), cr(code('3000'), 60000)]],
    [160, 'Bank loan drawn down', [dr(A.bank, 25000), cr(code('2500'), 25000)]],
    [150, 'Laptops and office equipment', [dr(code('1500'), 7400), cr(A.bank, 7400)]],
  ];
  for (let month = 5; month >= 0; month--) {
    multi.push([month * 30 + 3, 'Office rent', [dr(code('5100'), 1800), cr(A.bank, 1800)]]);
    multi.push([month * 30 + 25, 'Salaries', [dr(code('5000'), 9500), cr(A.bank, 9500)]]);
    multi.push([month * 30 + 10, 'Cloud hosting', [dr(code('5200'), 420), cr(A.bank, 420)]]);
  }
  multi.push([12, 'Stationery (paid by card)', [{ accountId: code('5300'), debitCents: 23_550, creditCents: 0 }, { accountId: A.bank, debitCents: 0, creditCents: 23_550 }]]);
  multi.push([5, 'Trade fair stand (supplier invoice to pay)', [dr(code('5600'), 1200), cr(code('2000'), 1200)]]);
  for (const [days, description, lines] of multi) {
    if (days > 0) await accounting.journal.record({ date: ago(days), description, lines }, SEED_ACTOR);
  }
  await deps.db('audit_log').insert({ actor: SEED_ACTOR, entity: 'accounting_demo_seed', entity_id: 'ledger', action: 'seed' });
};
