export { SubscriptionOutput } from './subscription.output';
export { listSubscriptions } from './subscription.queries';
export type { SubscriptionWire } from './subscription.queries';
export { SubscriptionAnswer } from './subscription.openapi';
