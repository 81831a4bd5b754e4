import { z } from 'zod';
import { json, tagged, wire } from '../../platform/openapi/route-doc';
import { wDateTime, wId } from '../../platform/openapi/wire-schemas';
import { settingsBody, type myDataSettingsView, type myDataView } from './mydata.routes';

const saleType = z.enum(['2.1', '2.2', '2.3']).meta({ description: 'The service invoice type: 2.1 a buyer in Greece, 2.2 in another EU member state, 2.3 outside the EU.' });

const MyDataSettingsAnswer = wire<ReturnType<typeof myDataSettingsView>>()(
  z
    .object({
      configured: z.boolean().meta({ description: 'Credentials are set (MYDATA_*) and the company is in Greece.' }),
      endpoint: z.string().nullable().meta({ description: 'The myDATA endpoint documents go to (test or production); null when not configured.' }),
      classifications: z
        .array(
          z.object({
            invoice_type: saleType,
            type: z.string().meta({ description: 'The income classification type used (`E3_…`).' }),
            category: z.string().meta({ description: 'Its category (`category1_…`).' }),
            accepted: z.array(z.object({ type: z.string(), category: z.string(), category_name: z.string() })).meta({ description: 'The combinations AADE accepts for this type.' }),
          }),
        )
        .meta({ description: 'The company’s income classification per service invoice type.' }),
      products: z
        .array(
          z.object({
            product: wId,
            name: z.string(),
            classifications: z
              .array(z.object({ invoice_type: saleType, type: z.string(), category: z.string() }))
              .meta({ description: 'Its own classifications per type; the company’s apply to the other types.' }),
          }),
        )
        .meta({ description: 'Every catalogue product (by name).' }),
    })
    .meta({ id: 'MyDataSettings', description: 'The income classifications myDATA transmissions use.' }),
);

const MyDataTransmissionAnswer = wire<ReturnType<typeof myDataView>>()(
  z
    .object({
      document: wId.meta({ description: 'The invoice’s or credit note’s id.' }),
      kind: z.enum(['invoice', 'credit_note']).nullable().meta({ description: 'Null when nothing is (or was) due for it.' }),
      status: z.enum(['not_transmitted', 'pending', 'transmitted', 'failed']).meta({
        description: 'not_transmitted: none is due (a company outside Greece, a draft) or myDATA is not configured; pending: to send (or to look up); transmitted; failed: AADE refused it.',
      }),
      configured: z.boolean().meta({ description: 'Whether this installation transmits at all (credentials configured, company in Greece).' }),
      mark: z.string().nullable().meta({ description: 'The MARK AADE gave the document.' }),
      uid: z.string().nullable(),
      qr_url: z.string().nullable(),
      authentication_code: z.string().nullable(),
      invoice_type: z.string().nullable().meta({ description: 'The myDATA document type (2.1, 2.2, 2.3, 5.1, 5.2).' }),
      number: z.string().nullable(),
      errors: z.array(z.object({ code: z.string(), message: z.string() })).meta({ description: 'AADE’s refusal, when it failed.' }),
      transmitted_at: wDateTime.nullable(),
      attempts: z.number().int(),
      history: z
        .array(
          z.object({
            at: wDateTime,
            action: z.string(),
            outcome: z.string().nullable(),
            detail: z.unknown(),
            actor: z.string().nullable().meta({ description: 'Who asked (a request to send again); null for the dispatcher.' }),
          }),
        )
        .meta({ description: 'Each call to myDATA, look-up, refusal and request to send again, oldest first.' }),
    })
    .meta({ id: 'MyDataTransmission', description: 'A document’s transmission to Greece’s myDATA (AADE).' }),
);

export const mydataDocs = tagged('myDATA', [
  { method: 'get', path: '/api/mydata/settings/', summary: 'The myDATA income classifications', access: 'superuser', answers: { 200: json(MyDataSettingsAnswer) } },
  {
    method: 'put',
    path: '/api/mydata/settings/',
    summary: 'Set the company’s or products’ income classifications',
    description:
      'Types and products left out keep theirs; a product’s `type` and `category` null give it the company’s again. Only combinations AADE accepts for the type are taken (else 400).',
    access: 'superuser',
    body: settingsBody,
    answers: { 200: json(MyDataSettingsAnswer, 'The settings now.') },
  },
  {
    method: 'get',
    path: '/api/mydata/documents/:id/',
    summary: 'An invoice’s or credit note’s myDATA transmission',
    access: 'superuser',
    answers: { 200: json(MyDataTransmissionAnswer) },
  },
  {
    method: 'post',
    path: '/api/mydata/documents/:id/send-again/',
    summary: 'Send a document AADE refused again',
    description: 'Only a failed transmission (else 400); it becomes pending, due now.',
    access: 'superuser',
    answers: { 200: json(MyDataTransmissionAnswer, 'The transmission now.') },
  },
]);
