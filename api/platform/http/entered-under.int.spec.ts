import express, { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { accountingRoutes } from '../../accounting/accounting.routes';
import { authRoutes } from '../../auth/auth.routes';
import { clientRoutes } from '../../clients/client.routes';
import { invoiceRoutes } from '../../invoicing/invoice.routes';
import { productRoutes } from '../../catalog/product.routes';
import { subscriptionRoutes } from '../../recurring/subscription.routes';
import { paymentRoutes } from '../../payments/payment.routes';
import { portalRoutes } from '../../portal/portal.routes';
import { publicRoutes } from '../../public/public.routes';
import { enteredUnder } from './entered-under';

/** An app with a clients router (entries counted) before a catch-all answering "fallthrough". */
const appWith = (clients: Router) => {
  const app = express();
  app.use(enteredUnder(clients));
  app.use((_req, res) => res.status(404).send('fallthrough'));
  return app;
};

const countingClients = () => {
  const entries: string[] = [];
  const router = Router();
  router.use('/clients', (req, _res, next) => {
    entries.push(req.originalUrl);
    next();
  });
  router.get('/clients/', (_req, res) => res.send('list'));
  router.get('/clients/:id/', (req, res) => res.send(`client ${req.params.id}`));
  return { router, entries };
};

describe('enteredUnder', () => {
  it('enters a router only for paths under the first segments of its routes', async () => {
    const { router, entries } = countingClients();
    const app = appWith(router);
    expect((await request(app).get('/clients/')).text).toBe('list');
    expect((await request(app).get('/clients/7/')).text).toBe('client 7');
    expect((await request(app).get('/products/')).text).toBe('fallthrough');
    expect((await request(app).get('/clientsx/')).text).toBe('fallthrough');
    expect((await request(app).get('/')).text).toBe('fallthrough');
    expect(entries).toEqual(['/clients/', '/clients/7/']);
  });

  it('keeps express’s case-insensitive routing', async () => {
    const { router } = countingClients();
    expect((await request(appWith(router)).get('/CLIENTS/7/')).text).toBe('client 7');
  });

  it('counts routes of nested routers and middleware mounted on several paths', async () => {
    const nested = Router();
    nested.get('/invoices/', (_req, res) => res.send('invoices'));
    const router = Router();
    router.use(['/journal-entries', '/reports'], (_req, _res, next) => next());
    router.use(nested);
    router.get('/journal-entries/', (_req, res) => res.send('journal'));
    const app = appWith(router);
    expect(enteredUnder(router)).not.toBe(router);
    expect((await request(app).get('/invoices/')).text).toBe('invoices');
    expect((await request(app).get('/journal-entries/')).text).toBe('journal');
    expect((await request(app).get('/reports/x/')).text).toBe('fallthrough');
    expect((await request(app).get('/clients/')).text).toBe('fallthrough');
  });

  it('leaves a router alone when something in it could take any path', () => {
    const everywhere = Router();
    everywhere.use((_req, _res, next) => next());
    everywhere.get('/clients/', (_req, res) => res.send('list'));
    expect(enteredUnder(everywhere)).toBe(everywhere);

    const parameterFirst = Router();
    parameterFirst.get('/:tenant/clients/', (_req, res) => res.send('list'));
    expect(enteredUnder(parameterFirst)).toBe(parameterFirst);

    const pattern = Router();
    pattern.get(/^\/clients\/?$/, (_req, res) => res.send('list'));
    expect(enteredUnder(pattern)).toBe(pattern);
  });

  it('narrows the application’s own resource routers', () => {
    // Built without services: the factories only register handlers.
    const none = {} as never;
    const deps = { limits: { windowMs: 60_000, publicFormsPerIp: 5 } } as never;
    for (const router of [
      clientRoutes(none),
      productRoutes(none),
      subscriptionRoutes(none),
      invoiceRoutes(deps, none),
      accountingRoutes(none),
      portalRoutes(none, none),
      authRoutes(none),
      publicRoutes(deps, none),
      paymentRoutes(deps, none),
    ]) {
      expect(enteredUnder(router)).not.toBe(router);
    }
  });
});
