export { purchasesMigrations } from './migrations';
export { supplierRoutes } from './supplier.routes';
export { billRoutes } from './bill.routes';
export { BillService, type BillWire } from './bill.service';
export { SupplierResolver } from './supplier.resolver';
export { BillResolver } from './bill.graphql';
export { SupplierService, type SupplierWire } from './supplier.service';

import type { AppDeps } from '../platform/deps';
import { SupplierService } from './supplier.service';
import { BillService } from './bill.service';

export interface PurchasesServices {
  suppliers: SupplierService;
  bills: BillService;
}

export const createPurchasesServices = (deps: AppDeps): PurchasesServices => ({ suppliers: new SupplierService(deps), bills: new BillService(deps) });
