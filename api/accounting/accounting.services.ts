import type { AppDeps } from '../platform/deps';
import { AccountService } from './account.service';
import { BooksService } from './books.service';
import { JournalService } from './journal.service';
import { LedgerQueryService } from './ledger-query.service';
import { ReportService } from './report.service';
import { ReportExportService, type PayablesSource } from './exports/report-export.service';
import { JournalExportService } from './exports/journal-export';

/** The accounting module's services, built once from the app's dependencies. */
export interface AccountingServices {
  accounts: AccountService;
  journal: JournalService;
  ledger: LedgerQueryService;
  reports: ReportService;
  books: BooksService;
  exports: ReportExportService;
  journalExport: JournalExportService;
}

/** `payables`: where bills are kept (api/purchases), for the aged payables export. */
export const createAccountingServices = (deps: AppDeps, payables?: PayablesSource): AccountingServices => {
  const accounts = new AccountService(deps.db);
  const books = new BooksService(deps, accounts);
  const reports = new ReportService(deps.db, accounts, deps.clock, () => books.fiscalYearStartMonth());
  return {
    accounts,
    books,
    journal: new JournalService(deps, accounts),
    ledger: new LedgerQueryService(deps.db, deps.logger),
    reports,
    exports: new ReportExportService(deps.db, { reports, payables }, deps.clock),
    journalExport: new JournalExportService(deps.db),
  };
};
