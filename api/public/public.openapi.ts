import { z } from 'zod';
import type { CompanyInfo, FormAnswer } from '../platform/contracts/rest.contract';
import { json, redirect, tagged, wire } from '../platform/openapi/route-doc';
import { wId } from '../platform/openapi/wire-schemas';
import { contactSchema, demoSchema, HONEYPOT_FIELD } from './site-forms.schema';

const CompanyInfoAnswer = wire<CompanyInfo>()(
  z
    .object({
      name: z.string(),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
      registration_number: z.string(),
      vat_number: z.string(),
      jurisdiction: z.string(),
    })
    .meta({ id: 'CompanyInfo', description: 'The seller’s details as the public site shows them.' }),
);

const FormAnswerSchema = wire<FormAnswer>()(
  z.object({
    success: z.boolean(),
    id: wId.meta({ description: 'The message or request kept.' }),
  }),
);

/** The demo form's schema takes the day it checks the date against; its shape is the same every day (the day here only builds it). */
const demoBody = demoSchema('2000-01-01');

const formNote = `Invalid fields are refused (400) with per-field messages. A bot that fills the hidden \`${HONEYPOT_FIELD}\` field gets the same 201 and nothing is kept. Limited per IP address (429).`;

export const publicDocs = tagged('Public site', [
  {
    method: 'get',
    path: '/api/company-info/',
    summary: 'The company’s details for the public site',
    description: 'Cacheable for five minutes.',
    access: 'public',
    answers: { 200: json(CompanyInfoAnswer) },
  },
  {
    method: 'get',
    path: '/api/demo-site/',
    summary: 'Go to the demo site',
    description: 'A redirect to the configured demo site.',
    access: 'public',
    answers: { 302: redirect('To the demo site.') },
  },
  {
    method: 'post',
    path: '/api/contact/',
    summary: 'Send a message through the contact form',
    description: `Keeps the message and mails it to sales (and a confirmation to the sender). ${formNote}`,
    access: 'public',
    body: contactSchema.meta({ description: '`name`, `email`, `subject` and `message` are all required (checked by the site’s form rules).' }),
    answers: { 201: json(FormAnswerSchema, 'Received.') },
  },
  {
    method: 'post',
    path: '/api/demo-request/',
    summary: 'Ask for a demo',
    description: `Keeps the request (a day not in the past and a time, HH:MM) and mails it to sales. ${formNote}`,
    access: 'public',
    body: demoBody.meta({ description: '`name`, `email`, `company`, `date` (YYYY-MM-DD) and `time` (HH:MM) are required; `message` is optional.' }),
    answers: { 201: json(FormAnswerSchema, 'Received.') },
  },
]);
