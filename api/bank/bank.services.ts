import type { AppDeps } from '../platform/deps';
import { MoneyAccountService } from './money-account.service';
import { ReconciliationReportExport } from './reconciliation-report-export';
import { ReconciliationService, type StatementBillPayments, type StatementPayments } from './reconciliation.service';
import { RuleService } from './rule.service';
import { StatementService } from './statement.service';

/** The bank module's services. */
export interface BankServices {
  moneyAccounts: MoneyAccountService;
  statements: StatementService;
  reconciliations: ReconciliationService;
  /** The reconciliation report as PDF or XLSX. */
  reportExport: ReconciliationReportExport;
  rules: RuleService;
}

/** `payments` records a line's payment on its invoice (invoicing, above this module, wires it in); `billPayments` on its bill (purchases). */
export const createBankServices = (deps: AppDeps, payments: StatementPayments, billPayments: StatementBillPayments): BankServices => {
  const rules = new RuleService(deps);
  const reconciliations = new ReconciliationService(deps, payments, billPayments, rules);
  const moneyAccounts = new MoneyAccountService(deps);
  return { moneyAccounts, statements: new StatementService(deps, reconciliations), reconciliations, rules, reportExport: new ReconciliationReportExport(deps, { reconciliations, moneyAccounts }) };
};
