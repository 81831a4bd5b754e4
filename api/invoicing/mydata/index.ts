import type { AppDeps } from '../../platform/deps';
import type { Config, MyDataProviderName } from '../../platform/config';
import type { MyDataProvider } from './provider';
import type { InvoiceService } from '../invoice.service';
import { AadeMyDataProvider } from './aade-provider';
import { myDataDocumentSource } from './document-source';
import { MyDataDispatcher } from './mydata-dispatcher';

export { MyDataDispatcher } from './mydata-dispatcher';

/** The provider MYDATA_PROVIDER names: each is an implementation of ./provider.ts (AADE's direct client so far). */
const PROVIDERS: Record<MyDataProviderName, (config: NonNullable<Config['mydata']>) => MyDataProvider> = {
  aade: (config) => new AadeMyDataProvider(config),
};

/** The myDATA transmission, when credentials are configured (MYDATA_*), through the configured provider. Started here, stopped by the caller. */
export const startMyData = (deps: AppDeps, invoices: Pick<InvoiceService, 'load'>): MyDataDispatcher | undefined => {
  const config = deps.config.mydata;
  if (!config) return undefined;
  const dispatcher = new MyDataDispatcher(deps.db, PROVIDERS[config.provider](config), {
    source: myDataDocumentSource((id) => invoices.load(id)),
    logger: deps.logger,
    intervalMs: deps.config.env === 'test' ? 200 : 5000,
  });
  dispatcher.start();
  return dispatcher;
};
