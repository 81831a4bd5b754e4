import { Router, type Request } from 'express';
import { UnauthenticatedError } from '../../../domain/shared/errors';
import { requireSuperuser } from '../../platform/guards';
import type { MyDataState, MyDataTransmissions } from './transmissions';

const actorOf = (req: Request): string => {
  if (!req.user) throw new UnauthenticatedError();
  return req.user.id;
};

/** The REST shape of a transmission: snake_case. */
export const myDataView = (s: MyDataState) => ({
  document: s.documentId,
  kind: s.kind,
  status: s.status,
  configured: s.configured,
  mark: s.mark,
  uid: s.uid,
  qr_url: s.qrUrl,
  authentication_code: s.authenticationCode,
  invoice_type: s.invoiceType,
  number: s.number,
  errors: s.errors,
  transmitted_at: s.transmittedAt,
  attempts: s.attempts,
  history: s.history,
});

/** myDATA transmissions of invoices and credit notes (superuser): their state and history, and sending a refused one again. */
export const mydataRoutes = (transmissions: MyDataTransmissions): Router => {
  const router = Router();
  router.use('/mydata', requireSuperuser);
  router.get('/mydata/documents/:id/', async (req, res) => {
    res.json(myDataView(await transmissions.state(req.params.id as string)));
  });
  router.post('/mydata/documents/:id/send-again/', async (req, res) => {
    res.json(myDataView(await transmissions.sendAgain(req.params.id as string, actorOf(req))));
  });
  return router;
};
