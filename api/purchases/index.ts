export { purchasesMigrations } from './migrations';
export { seedPurchasesDemo } from './demo-seed';
export { supplierRoutes } from './supplier.routes';
export { billRoutes } from './bill.routes';
export { BillService, type BillWire } from './bill.service';
export { SupplierResolver } from './supplier.resolver';
export { AgedPayablesResolver, BillResolver } from './bill.graphql';
export { SupplierService, type SupplierWire } from './supplier.service';
export { createPurchasesServices, type PurchasesServices } from './purchases.services';
