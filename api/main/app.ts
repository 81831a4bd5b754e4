import { openApiRoutes } from '../platform/openapi/openapi.routes';
import { apiDocument } from './openapi';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { accountingRoutes } from '../accounting/accounting.routes';
import { authRoutes } from '../auth/auth.routes';
import { billingRoutes } from './billing.routes';
import { bankRuleRoutes, moneyAccountRoutes, statementRoutes } from '../bank';
import { billRoutes, supplierRoutes } from '../purchases';
import { exchangeRateRoutes } from '../currencies';
import { webhookRoutes } from '../integrations';
import { paymentRoutes } from '../payments/payment.routes';
import { simulatedCheckoutRoutes } from '../payments/simulated-checkout.routes';
import { portalRoutes } from '../portal/portal.routes';
import { EARLY_SUBMIT_CSP_SOURCE } from '../public/early-submit';
import { pageHeadTransform } from '../platform/http/page-head';
import { publicRoutes } from '../public/public.routes';
import { seoRoutes } from '../public/seo.routes';
import { ssrPages } from '../public/ssr-pages';
import { loadUser, sessionMiddleware } from '../auth/session';
import { applyTwoFactorPolicy, twoFactorRoutes } from '../auth/two-factor/two-factor.routes';
import { apiTokenRoutes } from '../auth/api-tokens/api-token.routes';
import { bearerOrSession, tokenGrantPlugin } from '../auth/api-tokens/bearer';
import type { AppDeps } from '../platform/deps';
import type { GraphQLContext } from '../platform/graphql/context';
import { graphqlProtection } from '../platform/graphql/armor';
import { versionedAnswers } from '../invoicing/versioned-answers';
import { errorFormatter } from '../platform/graphql/format-error';
import { pendingAnswers, pendingExtension } from '../platform/write-outcome';
import { getSchema } from './schema';
import { csrfProtection } from '../platform/http/csrf';
import { enteredUnder } from '../platform/http/entered-under';
import { idempotency } from '../platform/http/idempotency';
import { refuseDeepJson } from '../platform/http/json-depth';
import { apiNotFound, errorMiddleware } from '../platform/http/error-middleware';
import { mountHealth } from '../platform/http/health';
import { markRequestReadOnly, requestContext } from '../platform/http/request-context';
import { mountRequestLog } from '../platform/http/request-log';
import { serveWeb } from '../platform/http/static';
import '../platform/http/types';
import type { Services } from './services';

export const JSON_BODY_LIMIT = '100kb';

export interface BuiltApp {
  app: Express;
  stop: () => Promise<void>;
}

export const createApp = async (deps: AppDeps, services: Services, options: { webDist?: string } = {}): Promise<BuiltApp> => {
  const app = express();
  const production = deps.config.env === 'production';
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);

  mountRequestLog(app, deps.logger, { quiet: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url.startsWith('/assets/') });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          // The pages' early-submit script is the one inline script allowed, by its hash.
          'script-src': ["'self'", EARLY_SUBMIT_CSP_SOURCE],
          // antd renders its CSS-in-JS into <style> elements.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': production ? [] : null,
        },
      },
      hsts: production,
    }),
  );
  app.use(requestContext);
  app.use(deps.metrics.middleware());
  // A request that accepts no encoding skips the compression middleware, whose per-response work
  // (wrapping the response, negotiating at the headers) would end in "identity" anyway.
  const compress = compression();
  app.use((req, res, next) => {
    if (req.headers['accept-encoding']) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  });
  if (!deps.metrics.mount(app, deps.config.metricsToken, production)) {
    deps.logger.warn('GET /metrics is not served: set METRICS_TOKEN to expose it in production');
  }
  mountHealth(app, deps);

  app.use(cookieParser());
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      verify: (req, _res, buf) => {
        (req as express.Request).rawBody = buf;
      },
    }),
  );
  app.use(refuseDeepJson);
  // A browser signs in with a session (and echoes its CSRF token); another system presents an API token.
  const sessionChain = express.Router().use(sessionMiddleware(deps), loadUser(deps), applyTwoFactorPolicy(services.auth.twoFactor), csrfProtection(production));
  app.use(['/api', '/graphql'], bearerOrSession(services.auth.tokens, sessionChain), idempotency(deps));

  const api = express.Router();
  api.use(pendingAnswers);
  api.use(enteredUnder(authRoutes(services.auth)));
  api.use(enteredUnder(twoFactorRoutes(services.auth.twoFactor)));
  api.use(enteredUnder(apiTokenRoutes(services.auth.tokens)));
  api.use(enteredUnder(publicRoutes(deps, services.site)));
  api.use(enteredUnder(paymentRoutes(deps, services.payments)));
  api.use(enteredUnder(portalRoutes(deps, services.billing.statements)));
  api.use(enteredUnder(accountingRoutes(services.accounting)));
  api.use(billingRoutes(deps, services.billing));
  api.use(enteredUnder(moneyAccountRoutes(services.bank)));
  api.use(enteredUnder(statementRoutes(services.bank)));
  api.use(enteredUnder(bankRuleRoutes(services.bank)));
  api.use(enteredUnder(supplierRoutes(services.purchases)));
  api.use(enteredUnder(billRoutes(services.purchases)));
  api.use(enteredUnder(exchangeRateRoutes(services.currencies)));
  api.use(enteredUnder(webhookRoutes(services.webhooks.endpoints, services.webhooks.deliveries)));
  api.use(enteredUnder(openApiRoutes(apiDocument)));
  api.use(apiNotFound);
  app.use('/api', api);

  const armor = graphqlProtection();
  const apollo = new ApolloServer<GraphQLContext>({
    schema: await getSchema(),
    formatError: errorFormatter(production, deps.logger),
    introspection: !production,
    validationRules: armor.validationRules,
    // main.ts and worker.ts own the process's shutdown; Apollo's own signal handlers would stop it
    // early and re-raise the signal, leaving the HTTP server waiting until the forced exit.
    stopOnTerminationSignals: false,
    plugins: [
      ...armor.plugins,
      tokenGrantPlugin(),
      // Nothing here sets cache hints; without this plugin Apollo wraps every field's resolver.
      ApolloServerPluginCacheControlDisabled(),
      versionedAnswers(),
      pendingExtension(),
      {
        // A query only reads: like a GET, it may trust the table versions read with its session.
        // (One operation per HTTP request: batched requests stay off, Apollo's default.)
        requestDidStart: async () => ({
          didResolveOperation: async ({ operation }) => {
            if (operation?.operation === 'query') markRequestReadOnly();
          },
        }),
      },
    ],
  });
  await apollo.start();
  app.use(
    '/graphql',
    armor.acceptable,
    armor.tokenLimit,
    expressMiddleware(apollo, {
      context: async ({ req, res }) => ({ req, res, user: req.user, deps, services }),
    }),
  );

  app.use(seoRoutes(deps));
  app.use(simulatedCheckoutRoutes(services.payments));
  app.use(ssrPages(deps, services.site, services.payments, options.webDist));
  serveWeb(app, options.webDist, pageHeadTransform(deps.config.publicBaseUrl));
  app.use(apiNotFound);
  app.use(errorMiddleware);

  return { app, stop: () => apollo.stop() };
};
