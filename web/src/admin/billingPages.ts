import { lazyNamed } from '../routing/lazyNamed';

/** The billing screens, each its own chunk inside the admin area. */
export const billingPages = {
  Overview: lazyNamed(() => import('./overview/OverviewPage'), 'OverviewPage'),
  Inbox: lazyNamed(() => import('./inbox/InboxPage'), 'InboxPage'),
};
