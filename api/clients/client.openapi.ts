import { z } from 'zod';
import { InvoiceAnswer } from '../invoicing';
import { SubscriptionAnswer } from '../recurring';
import { PDF, empty, file, json, tagged, wire } from '../platform/openapi/route-doc';
import { statementPeriodQuery, wAmount, wCurrency, wDate, wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import { applyCreditBody } from './client.routes';
import { clientBody } from './client.schema';
import type { ClientDetailWire, ClientWire } from './client.wire';

const clientFields = {
  id: wId,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  vat_number: z.string(),
  language: z.string(),
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2, or empty.' }),
  reminders_excluded: z.boolean().meta({ description: 'No payment reminders are sent to this client.' }),
  currency: wCurrency.meta({ description: 'The currency of its invoices.' }),
  created_at: wDateTime,
  user: z.object({ id: wId, username: z.string() }).nullable().meta({ description: 'Its portal login; null when it has none.' }),
  version: z.number().int().meta({ description: 'Echo it on PUT for a 409 when someone else changed the client.' }),
  updated_at: wDateTime,
};

export const ClientAnswer = wire<ClientWire>()(z.object(clientFields).meta({ id: 'Client' }));

const ClientDetailAnswer = wire<ClientDetailWire>()(
  z
    .object({
      ...clientFields,
      subscriptions: z.array(SubscriptionAnswer),
      invoices: z.array(InvoiceAnswer).readonly(),
      credit_balance: wAmount.meta({ description: 'Paid or credited beyond its invoices, in the client’s currency.' }),
    })
    .meta({ id: 'ClientDetail' }),
);

const ViesCheckAnswer = z
  .object({
    id: z.string().meta({ description: 'The check’s number (digits).' }),
    checked_at: wDateTime,
    country_code: z.string(),
    vat_number: z.string(),
    valid: z.boolean(),
    request_date: wDate,
    request_identifier: z.string().nullable(),
    name: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'ViesCheck', description: 'One answer of the EU’s VIES service, kept as evidence.' });

const LoginAnswer = z.object({ username: z.string(), password: z.string().meta({ description: 'Shown once.' }) });


export const clientDocs = tagged('Clients', [
  { method: 'get', path: '/api/clients/', summary: 'List clients', access: 'superuser', answers: { 200: json(z.array(ClientAnswer)) } },
  { method: 'post', path: '/api/clients/', summary: 'Create a client', access: 'superuser', body: clientBody, answers: { 201: json(ClientAnswer, 'Created.') } },
  { method: 'get', path: '/api/clients/:id/', summary: 'A client with its subscriptions and invoices', access: 'superuser', answers: { 200: json(ClientDetailAnswer) } },
  { method: 'put', path: '/api/clients/:id/', summary: 'Update a client', access: 'superuser', body: clientBody, answers: { 200: json(ClientAnswer) } },
  { method: 'delete', path: '/api/clients/:id/', summary: 'Delete a client with no invoices', access: 'superuser', answers: { 204: empty() } },
  {
    method: 'post',
    path: '/api/clients/:id/vies-check/',
    summary: 'Check the client’s VAT number with VIES now',
    access: 'superuser',
    answers: { 201: json(ViesCheckAnswer, 'The check, kept.') },
  },
  {
    method: 'get',
    path: '/api/clients/:id/vies-checks/',
    summary: 'The VIES checks kept for the client, newest first',
    access: 'superuser',
    answers: { 200: json(z.object({ enabled: z.boolean().meta({ description: 'Whether VIES checks are configured.' }), checks: z.array(ViesCheckAnswer) })) },
  },
  {
    method: 'get',
    path: '/api/clients/:id/statement/',
    summary: 'The client’s statement of account (PDF)',
    description: '`as_of` is refused (400): a statement covers a period.',
    access: 'superuser',
    query: statementPeriodQuery,
    answers: { 200: file(PDF, 'The statement.') },
  },
  {
    method: 'post',
    path: '/api/clients/:id/apply_credit/',
    summary: 'Apply the client’s credit balance to one of its open invoices',
    access: 'superuser',
    body: applyCreditBody,
    answers: {
      201: json(
        z.object({
          applied_amount: wMoney,
          transfers: z.array(z.object({ from_invoice_id: wId, amount: wMoney })),
          invoice: InvoiceAnswer,
        }),
        'Applied.',
      ),
    },
  },
  {
    method: 'post',
    path: '/api/clients/:id/create_user/',
    summary: 'Create the client’s portal login (generated password, shown once)',
    access: 'superuser',
    body: z.object({ username: z.string().optional() }).optional(),
    answers: { 201: json(LoginAnswer, 'Created.') },
  },
  {
    method: 'post',
    path: '/api/clients/:id/reset_password/',
    summary: 'A new generated password for the client’s login; its sessions end',
    access: 'superuser',
    answers: { 200: json(LoginAnswer) },
  },
]);
