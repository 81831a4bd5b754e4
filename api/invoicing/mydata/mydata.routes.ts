import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../../platform/http/validate';
import { zId, zRequiredText } from '../../platform/wire';
import type { MyDataSettings, MyDataSettingsService } from './settings';
import { requireSuperuser } from '../../platform/guards';
import type { MyDataState, MyDataTransmissions } from './transmissions';

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
export const settingsBody = z.object({
  /** The company's classification per service invoice type; types left out keep theirs. */
  classifications: z.array(z.object({ invoice_type: zRequiredText(10), type: zRequiredText(40), category: zRequiredText(40) })).max(10).optional(),
  /** Products' own classifications per type; `type` and `category` null give the product the company's again. */
  products: z
    .array(
      z.union([
        z.object({ product: zId('product'), invoice_type: zRequiredText(10), type: zRequiredText(40), category: zRequiredText(40) }),
        z.object({ product: zId('product'), invoice_type: zRequiredText(10), type: z.null(), category: z.null() }),
      ]),
    )
    .max(3000)
    .optional(),
}).refine((b) => b.classifications?.length || b.products?.length, { message: 'Give the classifications or the products to set.', path: ['classifications'] });

/** The REST shape of the settings: snake_case. */
export const myDataSettingsView = (s: MyDataSettings) => ({
  configured: s.configured,
  endpoint: s.endpoint,
  classifications: s.classifications.map((c) => ({ invoice_type: c.invoiceType, type: c.chosen.type, category: c.chosen.category, accepted: c.accepted.map((a) => ({ type: a.type, category: a.category, category_name: a.categoryName })) })),
  products: s.products.map((p) => ({ product: p.productId, name: p.name, classifications: p.classifications.map((c) => ({ invoice_type: c.invoiceType, type: c.classification.type, category: c.classification.category })) })),
});

export const mydataRoutes = (transmissions: MyDataTransmissions, settings: MyDataSettingsService): Router => {
  const router = Router();
  router.use('/mydata', requireSuperuser);
  router.get('/mydata/settings/', async (_req, res) => {
    res.json(myDataSettingsView(await settings.read()));
  });
  router.put('/mydata/settings/', async (req, res) => {
    const body = parseInput(settingsBody, req.body);
    const change = {
      classifications: Object.fromEntries((body.classifications ?? []).map((c) => [c.invoice_type, { type: c.type, category: c.category }])),
      products: (body.products ?? []).map((p) => ({ productId: p.product, invoiceType: p.invoice_type, classification: p.type === null ? null : { type: p.type, category: p.category! } })),
    };
    res.json(myDataSettingsView(await settings.update(change, req.user!.id)));
  });
  router.get('/mydata/documents/:id/', async (req, res) => {
    res.json(myDataView(await transmissions.state(req.params.id as string)));
  });
  router.post('/mydata/documents/:id/send-again/', async (req, res) => {
    res.json(myDataView(await transmissions.sendAgain(req.params.id as string, req.user!.id)));
  });
  return router;
};
