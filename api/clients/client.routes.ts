import { Router } from 'express';
import { z } from 'zod';
import { centsToEuros } from '../../domain/shared/money';
import { restFieldNames } from '../platform/http/error-middleware';
import { parseInput } from '../platform/http/validate';
import { parseClientBody } from './client.schema';
import { requireSuperuser } from '../platform/guards';
import type { ClientService } from './client.service';
import type { ClientStatementService } from './client-statement.service';
import type { ClientCreditService } from '../invoicing';
import { sendStatement } from './client-statement.rest';
import type { ViesCheck, ViesChecks } from './vies.service';
import { cleanText, pathId, zCents, zDate } from '../platform/wire';

export const applyCreditBody = z.object({ invoice_id: z.string().min(1).max(100).superRefine(cleanText('single')), amount: zCents, date: zDate.optional() });

const NOT_FOUND = 'Client not found.';

/** The optional username of create_user's body (the spec sends none): text or nothing. */
const requestedUsername = (body: unknown): string | undefined => {
  const value = (body as { username?: unknown } | undefined)?.username;
  return typeof value === 'string' ? value : undefined;
};

/** The REST shape of a VIES check: snake_case. */
const viesView = (c: ViesCheck) => ({
  id: c.id,
  checked_at: c.checkedAt,
  country_code: c.countryCode,
  vat_number: c.vatNumber,
  valid: c.valid,
  request_date: c.requestDate,
  request_identifier: c.requestIdentifier,
  name: c.name,
  address: c.address,
});

export const clientRoutes = (billing: { clients: ClientService; credit: ClientCreditService; statements: ClientStatementService; vies: ViesChecks }): Router => {
  const router = Router();
  router.use('/clients', requireSuperuser);

  router.get('/clients/', async (_req, res) => {
    res.json((await billing.clients.list()).items);
  });

  router.post('/clients/', async (req, res) => {
    res.status(201).json(await billing.clients.create(parseClientBody(req.body), req.user!.id));
  });

  // VIES: check the client's VAT number now (kept as evidence), and the checks kept, newest first.
  router.post('/clients/:id/vies-check/', async (req, res) => {
    res.status(201).json(viesView(await billing.vies.check(pathId(req.params.id, NOT_FOUND), req.user!.id)));
  });

  router.get('/clients/:id/vies-checks/', async (req, res) => {
    res.json({ enabled: billing.vies.enabled, checks: (await billing.vies.list(pathId(req.params.id, NOT_FOUND))).map(viesView) });
  });

  router.get('/clients/:id/', async (req, res) => {
    res.json(await billing.clients.detail(pathId(req.params.id, NOT_FOUND)));
  });

  router.put('/clients/:id/', async (req, res) => {
    res.json(await billing.clients.update(pathId(req.params.id, NOT_FOUND), parseClientBody(req.body), req.user!.id));
  });

  router.delete('/clients/:id/', async (req, res) => {
    await billing.clients.remove(pathId(req.params.id, NOT_FOUND), req.user!.id);
    res.status(204).end();
  });

  router.get('/clients/:id/statement/', async (req, res) => {
    await sendStatement(req, res, billing.statements, pathId(req.params.id, NOT_FOUND));
  });

  // Applies the client's credit balance to one of its open invoices (Idempotency-Key: a retry applies it once).
  router.post('/clients/:id/apply_credit/', restFieldNames({ amountCents: 'amount', invoiceId: 'invoice_id' }), async (req, res) => {
    const clientId = pathId(req.params.id, NOT_FOUND);
    const input = parseInput(applyCreditBody, req.body);
    const applied = await billing.credit.apply({ clientId, invoiceId: input.invoice_id, amountCents: input.amount, date: input.date, requestKey: req.get('idempotency-key')?.slice(0, 200) }, req.user!.id);
    res.status(201).json({
      applied_amount: centsToEuros(applied.appliedCents),
      transfers: applied.transfers.map((t) => ({ from_invoice_id: t.fromInvoiceId, amount: centsToEuros(t.amountCents) })),
      invoice: applied.invoice,
    });
  });

  router.post('/clients/:id/create_user/', async (req, res) => {
    const { password, username } = await billing.clients.createUser(pathId(req.params.id, NOT_FOUND), req.user!.id, requestedUsername(req.body));
    res.status(201).json({ password, username });
  });

  // A new generated password for the client's login, shown once; every session of the login ends.
  router.post('/clients/:id/reset_password/', async (req, res) => {
    res.json(await billing.clients.resetUserPassword(pathId(req.params.id, NOT_FOUND), req.user!.id));
  });

  return router;
};
