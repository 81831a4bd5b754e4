import type { AppDeps } from '../platform/deps';
import { BillService } from './bill.service';
import { SupplierService } from './supplier.service';

export interface PurchasesServices {
  suppliers: SupplierService;
  bills: BillService;
}

export const createPurchasesServices = (deps: AppDeps): PurchasesServices => ({ suppliers: new SupplierService(deps), bills: new BillService(deps) });
