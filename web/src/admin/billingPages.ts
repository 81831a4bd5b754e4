import { lazyNamed } from '../routing/lazyNamed';

/** The billing screens, each its own chunk inside the admin area. */
export const billingPages = {
  Overview: lazyNamed(() => import('./overview/OverviewPage'), 'OverviewPage'),
  Clients: lazyNamed(() => import('./clients/ClientsPage'), 'ClientsPage'),
  ClientDetail: lazyNamed(() => import('./clients/ClientDetailPage'), 'ClientDetailPage'),
  Suppliers: lazyNamed(() => import('./suppliers/SuppliersPage'), 'SuppliersPage'),
  Bills: lazyNamed(() => import('./bills/BillsPage'), 'BillsPage'),
  Products: lazyNamed(() => import('./products/ProductsPage'), 'ProductsPage'),
  Subscriptions: lazyNamed(() => import('./subscriptions/SubscriptionsPage'), 'SubscriptionsPage'),
  Invoices: lazyNamed(() => import('./invoices/InvoicesPage'), 'InvoicesPage'),
  Settings: lazyNamed(() => import('./settings/SettingsPage'), 'SettingsPage'),
  AccountingSettings: lazyNamed(() => import('./settings/AccountingSettingsPage'), 'AccountingSettingsPage'),
  Rates: lazyNamed(() => import('./settings/RatesPage'), 'RatesPage'),
  Integrations: lazyNamed(() => import('./integrations/IntegrationsPage'), 'IntegrationsPage'),
  Inbox: lazyNamed(() => import('./inbox/InboxPage'), 'InboxPage'),
};
