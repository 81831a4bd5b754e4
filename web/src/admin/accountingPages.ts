import { lazyNamed } from '../routing/lazyNamed';

/** The accounting, bank and operations screens, each its own chunk inside the admin area. */
export const accountingPages = {
  Accounting: lazyNamed(() => import('./accounting/AccountingPage'), 'AccountingPage'),
  Bank: lazyNamed(() => import('./bank/BankPage'), 'BankPage'),
  Operations: lazyNamed(() => import('./operations/OperationsPage'), 'OperationsPage'),
};
