import type { AppDeps } from '../platform/deps';
import { MoneyAccountService } from './money-account.service';

/** The bank module's services. */
export interface BankServices {
  moneyAccounts: MoneyAccountService;
}

export const createBankServices = (deps: AppDeps): BankServices => ({ moneyAccounts: new MoneyAccountService(deps) });
