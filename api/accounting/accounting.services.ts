import type { AppDeps } from '../deps';
import { AccountService } from './account.service';
import { BooksService } from './books.service';
import { JournalService } from './journal.service';
import { LedgerQueryService } from './ledger-query.service';
import { ReportService } from './report.service';

/** The accounting module's services, built once from the app's dependencies. */
export interface AccountingServices {
  accounts: AccountService;
  journal: JournalService;
  ledger: LedgerQueryService;
  reports: ReportService;
  books: BooksService;
}

export const createAccountingServices = (deps: AppDeps): AccountingServices => {
  const accounts = new AccountService(deps.db);
  const books = new BooksService(deps, accounts);
  return {
    accounts,
    books,
    journal: new JournalService(deps, accounts),
    ledger: new LedgerQueryService(deps.db),
    reports: new ReportService(deps.db, accounts, deps.clock, () => books.fiscalYearStartMonth()),
  };
};
