import type { AppDeps } from '../platform/deps';
import { MoneyAccountService } from './money-account.service';
import { StatementService } from './statement.service';

/** The bank module's services. */
export interface BankServices {
  moneyAccounts: MoneyAccountService;
  statements: StatementService;
}

export const createBankServices = (deps: AppDeps): BankServices => ({ moneyAccounts: new MoneyAccountService(deps), statements: new StatementService(deps) });
