export { BillingCycleEnum } from './product.output';
