export { createBankServices, type BankServices } from './bank.services';
export { bankMigrations } from './migrations';
export { moneyAccountRoutes } from './money-account.routes';
export { MoneyAccountResolver } from './money-account.resolver';
export type { MoneyAccountService } from './money-account.service';
export { statementRoutes } from './statement.routes';
export type { StatementService } from './statement.service';
export type { ReconciliationService, StatementPayments } from './reconciliation.service';
export { unreconciledLinesThrough } from './unreconciled';
