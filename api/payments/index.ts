export { ALREADY_PAID } from './payment.service';
export type { PaymentService } from './payment.service';
