import { z } from 'zod';
import { PDF, XML, file, json, tagged, wire } from '../platform/openapi/route-doc';
import { wAmount, wCurrency, wDate, wId } from '../platform/openapi/wire-schemas';
import type { CreditNoteWire } from './credit-note.queries';
import { creditNoteInput } from './credit-note.routes';
import { InvoiceHistoryEntryAnswer, InvoiceItemAnswer } from './invoice.openapi';

export const CreditNoteAnswer = wire<CreditNoteWire>()(
  z
    .object({
      id: wId,
      credit_note_number: z.string(),
      invoice: z.object({ id: wId, invoice_number: z.string(), date: wDate }).meta({ description: 'The invoice it corrects, as it stood when credited.' }),
      client: z.object({ id: wId, name: z.string() }),
      date: wDate,
      reason: z.string(),
      items: z.array(InvoiceItemAnswer).meta({ description: 'The lines credited (positive amounts).' }),
      net_amount: wAmount,
      vat_amount: wAmount,
      total_amount: wAmount.meta({ description: 'Gross.' }),
      full: z.boolean().meta({ description: 'Credits everything that remained: the invoice is cancelled.' }),
      currency: wCurrency.meta({ description: 'Its invoice’s currency, which its amounts are in.' }),
      exchange_rate: z.number().nullable().meta({ description: 'Units of the currency per euro (its invoice’s rate); null in euros.' }),
    })
    .meta({ id: 'CreditNote', description: 'A credit note: corrects (part of) an issued invoice, numbered in its own series.' }),
);

/** GET /api/credit-notes/ reads its query by hand: a malformed id is ignored (no filter), never refused. */
const creditNoteListQuery = z.object({
  client: wId.optional().meta({ description: 'Only this client’s credit notes.' }),
  invoice: wId.optional().meta({ description: 'Only those against this invoice.' }),
});

export const creditNoteDocs = tagged('Credit notes', [
  {
    method: 'get',
    path: '/api/credit-notes/',
    summary: 'List credit notes, newest first',
    access: 'superuser',
    query: creditNoteListQuery,
    answers: { 200: json(z.array(CreditNoteAnswer)) },
  },
  {
    method: 'post',
    path: '/api/invoices/:id/credit-notes/',
    summary: 'Issue a credit note against an invoice',
    description:
      'Without `items` (or with none) a full credit note: whatever remains is credited and the invoice is cancelled. With `items`, those lines are credited (at most what remains). Only an issued (sent or paid) invoice not written off can be credited; `date` defaults to today, may not be before the invoice’s nor in a locked period.',
    access: 'superuser',
    body: creditNoteInput,
    answers: { 201: json(CreditNoteAnswer, 'Issued.') },
  },
  { method: 'get', path: '/api/credit-notes/:id/', summary: 'A credit note', access: 'superuser', answers: { 200: json(CreditNoteAnswer) } },
  {
    method: 'get',
    path: '/api/credit-notes/:id/history/',
    summary: 'The credit note’s history',
    description: 'The events of its invoice’s stream that concern it (the one that issued it first).',
    access: 'superuser',
    answers: { 200: json(z.array(InvoiceHistoryEntryAnswer)) },
  },
  {
    method: 'get',
    path: '/api/credit-notes/:id/pdf/',
    summary: 'The credit note as a PDF',
    description: 'A client user gets only its own (else 404).',
    access: 'owner',
    answers: { 200: file(PDF, 'The credit note, as an attachment.') },
  },
  {
    method: 'get',
    path: '/api/credit-notes/:id/ubl/',
    summary: 'The credit note as an EN 16931 UBL e-invoice',
    description: 'A UBL CreditNote; a client user gets only its own (else 404).',
    access: 'owner',
    answers: { 200: file(XML, 'The UBL 2.1 credit note, as an attachment.') },
  },
]);
