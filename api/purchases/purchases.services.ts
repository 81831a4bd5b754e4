import type { AppDeps } from '../platform/deps';
import { En16931Rules } from '../platform/en16931/rules';
import { BillImportService } from './bill-import';
import { BillService } from './bill.service';
import { SupplierService } from './supplier.service';

export interface PurchasesServices {
  suppliers: SupplierService;
  bills: BillService;
  /** Inbound e-invoices as draft bills, checked by the EN 16931 rules in their worker thread. */
  imports: BillImportService;
}

export const createPurchasesServices = (deps: AppDeps): PurchasesServices => {
  const suppliers = new SupplierService(deps);
  const bills = new BillService(deps);
  return { suppliers, bills, imports: new BillImportService(deps, suppliers, bills, bills.documents, new En16931Rules()) };
};
