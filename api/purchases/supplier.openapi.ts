import { z } from 'zod';
import { empty, json, tagged, wire } from '../platform/openapi/route-doc';
import { wDateTime, wId } from '../platform/openapi/wire-schemas';
import { supplierBody } from './supplier.schema';
import type { SupplierHistoryWire, SupplierWire } from './supplier.service';

export const SupplierAnswer = wire<SupplierWire>()(
  z
    .object({
      id: wId,
      name: z.string(),
      vat_number: z.string().meta({ description: 'Empty when it has none.' }),
      country: z.string().meta({ description: 'ISO 3166-1 alpha-2.' }),
      address: z.string(),
      iban: z.string().nullable(),
      default_account: wId.nullable().meta({ description: 'The expense account its bills’ lines default to.' }),
      default_vat_rate: z.number().meta({ description: 'Percent.' }),
      payment_terms_days: z.number().int().meta({ description: 'A bill without a due date is due this many days after its date.' }),
      version: z.number().int().meta({ description: 'Echo it on PUT for a 409 when someone else changed the supplier.' }),
      created_at: wDateTime,
      updated_at: wDateTime.meta({ description: 'May be echoed on PUT instead of `version`.' }),
    })
    .meta({ id: 'Supplier' }),
);

const SUPPLIER_FIELDS = ['id', 'name', 'vat_number', 'country', 'address', 'iban', 'default_account', 'default_vat_rate', 'payment_terms_days', 'version', 'created_at', 'updated_at'] as const satisfies readonly (keyof SupplierWire)[];

const SupplierHistoryAnswer = wire<SupplierHistoryWire[]>()(
  z.array(
    z.object({
      action: z.enum(['create', 'update', 'delete']),
      at: wDateTime,
      actor: z.string().nullable().meta({ description: 'The user who made the change; null when it is no longer known.' }),
      changes: z
        .array(
          z.object({
            field: z.enum(SUPPLIER_FIELDS).meta({ description: 'A field as the supplier answer names it (only the editable ones appear: name, vat_number, country, address, iban, default_account, default_vat_rate, payment_terms_days).' }),
            before: z.unknown().meta({ description: 'Its value before; null when it had none.' }),
            after: z.unknown().meta({ description: 'Its value after; null when it has none.' }),
          }),
        )
        .meta({ description: 'Each field that changed.' }),
    }),
  ),
);

export const supplierDocs = tagged('Suppliers', [
  { method: 'get', path: '/api/suppliers/', summary: 'List suppliers (by name)', access: 'superuser', answers: { 200: json(z.array(SupplierAnswer)) } },
  {
    method: 'post',
    path: '/api/suppliers/',
    summary: 'Create a supplier',
    description: 'A VAT number belongs to one supplier: one already taken is refused with 409 (`VAT_NUMBER_TAKEN`). The default account must be an active expense account that takes purchases.',
    access: 'superuser',
    body: supplierBody,
    answers: { 201: json(SupplierAnswer, 'Created.') },
  },
  { method: 'get', path: '/api/suppliers/:id/', summary: 'A supplier', access: 'superuser', answers: { 200: json(SupplierAnswer) } },
  {
    method: 'put',
    path: '/api/suppliers/:id/',
    summary: 'Update a supplier',
    description: 'Echo `version` (or `updated_at`) for a 409 when someone else changed it meanwhile.',
    access: 'superuser',
    body: supplierBody,
    answers: { 200: json(SupplierAnswer) },
  },
  { method: 'delete', path: '/api/suppliers/:id/', summary: 'Delete a supplier with no bills', description: 'Refused (409) once bills name it.', access: 'superuser', answers: { 204: empty() } },
  {
    method: 'get',
    path: '/api/suppliers/:id/history/',
    summary: 'Every change of the supplier, oldest first, with who made it',
    access: 'superuser',
    answers: { 200: json(SupplierHistoryAnswer) },
  },
]);
