import { createAccountingServices, type AccountingServices } from './accounting/accounting.services';
import { AuthService } from './auth/auth.service';
import type { AppDeps } from './deps';
import { SiteInboxService } from './public/site-inbox.service';

/**
 * The application services: the only writers. REST routers and GraphQL resolvers are thin adapters
 * over these. Feature modules add theirs here.
 */
export interface Services {
  auth: AuthService;
  site: SiteInboxService;
  accounting: AccountingServices;
}

export const createServices = (deps: AppDeps): Services => ({
  auth: new AuthService(deps),
  site: new SiteInboxService(deps),
  accounting: createAccountingServices(deps),
});

export const shutdownServices = (services: Services): void => {
  services.auth.throttle.shutdown();
};
