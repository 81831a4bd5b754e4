import type { AppDeps } from '../../platform/deps';
import type { InvoiceService } from '../invoice.service';
import { AadeMyDataProvider } from './aade-provider';
import { myDataDocumentSource } from './document-source';
import { MyDataDispatcher } from './mydata-dispatcher';

export { MyDataDispatcher } from './mydata-dispatcher';

/** The myDATA transmission, when credentials are configured (MYDATA_*): AADE's direct client is the provider. Started here, stopped by the caller. */
export const startMyData = (deps: AppDeps, invoices: Pick<InvoiceService, 'load'>): MyDataDispatcher | undefined => {
  const config = deps.config.mydata;
  if (!config) return undefined;
  const dispatcher = new MyDataDispatcher(deps.db, new AadeMyDataProvider(config), {
    source: myDataDocumentSource((id) => invoices.load(id)),
    logger: deps.logger,
    intervalMs: deps.config.env === 'test' ? 200 : 5000,
  });
  dispatcher.start();
  return dispatcher;
};
