import { z } from 'zod';
import { html, json, tagged } from './route-doc';

export const openApiDocs = tagged('Reference', [
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document (OpenAPI 3.1)',
    access: 'public',
    answers: { 200: json(z.looseObject({ openapi: z.literal('3.1.0') }), 'The OpenAPI document.') },
  },
  { method: 'get', path: '/api/docs/', summary: 'A readable reference of this document', access: 'public', answers: { 200: html('The reference page.') } },
]);
