import type { AppDeps } from '../platform/deps';
import { MoneyAccountService } from './money-account.service';
import { ReconciliationService } from './reconciliation.service';
import { StatementService } from './statement.service';

/** The bank module's services. */
export interface BankServices {
  moneyAccounts: MoneyAccountService;
  statements: StatementService;
  reconciliations: ReconciliationService;
}

export const createBankServices = (deps: AppDeps): BankServices => ({ moneyAccounts: new MoneyAccountService(deps), statements: new StatementService(deps), reconciliations: new ReconciliationService(deps) });
