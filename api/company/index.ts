export { readCompanySettings } from './company-settings.service';
export { mailCompanyOf } from './mail-company';
export { buyerOf, readParties, readPayee, readSeller } from './parties';
export type { BuyerColumns } from './parties';
