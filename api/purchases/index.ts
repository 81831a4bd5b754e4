export { purchasesMigrations } from './migrations';
export { supplierRoutes } from './supplier.routes';
export { SupplierResolver } from './supplier.resolver';
export { SupplierService, type SupplierWire } from './supplier.service';

import type { AppDeps } from '../platform/deps';
import { SupplierService } from './supplier.service';

export interface PurchasesServices {
  suppliers: SupplierService;
}

export const createPurchasesServices = (deps: AppDeps): PurchasesServices => ({ suppliers: new SupplierService(deps) });
