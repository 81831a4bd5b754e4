import { z } from 'zod';
import { empty, json, tagged, wire } from '../platform/openapi/route-doc';
import { wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import { productBody } from './product.schema';
import type { ProductWire } from './product.service';

export const ProductAnswer = wire<ProductWire>()(
  z
    .object({
      id: wId,
      name: z.string(),
      price: wMoney.meta({ description: 'Net price in euros, per billing cycle.' }),
      billing_cycle: z.enum(['one_time', 'monthly', 'annually']),
      vat_rate: z.number().meta({ description: 'Percent.' }),
      version: z.number().int().meta({ description: 'Echo it on PUT for a 409 when someone else changed the product.' }),
      updated_at: wDateTime,
    })
    .meta({ id: 'Product', description: 'A catalogue product: what subscriptions and invoice lines sell.' }),
);

export const productDocs = tagged('Products', [
  { method: 'get', path: '/api/products/', summary: 'List products', access: 'superuser', answers: { 200: json(z.array(ProductAnswer)) } },
  { method: 'post', path: '/api/products/', summary: 'Create a product', access: 'superuser', body: productBody, answers: { 201: json(ProductAnswer, 'Created.') } },
  { method: 'get', path: '/api/products/:id/', summary: 'A product', access: 'superuser', answers: { 200: json(ProductAnswer) } },
  {
    method: 'put',
    path: '/api/products/:id/',
    summary: 'Update a product',
    description: 'Send `version` (or `updated_at`) as read for a 409 when someone else changed it meanwhile.',
    access: 'superuser',
    body: productBody,
    answers: { 200: json(ProductAnswer) },
  },
  {
    method: 'delete',
    path: '/api/products/:id/',
    summary: 'Delete a product',
    description: 'Refused (400) while subscriptions use it.',
    access: 'superuser',
    answers: { 204: empty() },
  },
]);
