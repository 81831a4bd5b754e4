import { lazyNamed } from '../routing/lazyNamed';

/** The accounting and operations screens, each its own chunk inside the admin area. */
export const accountingPages = {
  Accounting: lazyNamed(() => import('./accounting/AccountingPage'), 'AccountingPage'),
  Operations: lazyNamed(() => import('./operations/OperationsPage'), 'OperationsPage'),
};
