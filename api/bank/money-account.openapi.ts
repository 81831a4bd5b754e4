import { z } from 'zod';
import { MONEY_ACCOUNT_KINDS, type MoneyAccountKind } from '../../domain/bank/money-account';
import { empty, json, tagged, wire } from '../platform/openapi/route-doc';
import { wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import { defaultsBody, moneyAccountBody } from './money-account.schema';
import type { MoneyAccountDefaultsWire, MoneyAccountWire } from './money-account.service';

export const BankAccountAnswer = wire<MoneyAccountWire>()(
  z
    .object({
      id: wId,
      name: z.string(),
      kind: z.enum(MONEY_ACCOUNT_KINDS as [MoneyAccountKind, ...MoneyAccountKind[]]).meta({ description: 'A bank account, or the cash box.' }),
      iban: z.string().nullable().meta({ description: 'Printed in groups of four.' }),
      bic: z.string().nullable(),
      is_default: z.boolean().meta({ description: 'The bank account invoices print and bank transfers go to unless told otherwise.' }),
      ledger_account: z.object({ id: wId, code: z.string(), name: z.string() }).meta({ description: 'The ledger account it posts to (created with it, named after it).' }),
      ledger_balance: wMoney.meta({ description: 'Euros: its ledger account’s balance (debit minus credit) through today.' }),
      version: z.number().int().meta({ description: 'Echo it on PUT for a 409 when someone else changed the account.' }),
      updated_at: wDateTime,
    })
    .meta({ id: 'BankAccount', description: 'A bank account or the cash box, with its ledger account and balance.' }),
);

const purpose = (description: string) => wId.nullable().meta({ description });

const MoneyAccountDefaultsAnswer = wire<MoneyAccountDefaultsWire>()(
  z
    .object({
      bank: purpose('Bank transfers (null: the default bank account).'),
      manual: purpose('Payments marked manual (null: the default bank account).'),
      cash: purpose('Cash (null: the first cash box).'),
      other: purpose('Other payments (null: the default bank account).'),
      payout: purpose('Stripe payouts (null: the books’ own Bank account, 1000).'),
    })
    .meta({
      id: 'MoneyAccountDefaults',
      description: 'The money account each payment method recorded by hand, and each Stripe payout, goes to unless told otherwise; null: the built-in rule.',
    }),
);

export const moneyAccountDocs = tagged('Bank accounts', [
  {
    method: 'get',
    path: '/api/money-account-defaults/',
    summary: 'Which money account each payment method and Stripe’s payouts go to',
    access: 'superuser',
    answers: { 200: json(MoneyAccountDefaultsAnswer) },
  },
  {
    method: 'put',
    path: '/api/money-account-defaults/',
    summary: 'Set the money account of each payment method and of Stripe’s payouts',
    description: 'Replaces every purpose’s default: a purpose given null, or left out, falls back to the built-in rule. `bank` (bank transfers) and `payout` take a bank account, not the cash box.',
    access: 'superuser',
    body: defaultsBody,
    answers: { 200: json(MoneyAccountDefaultsAnswer, 'The defaults as saved.') },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/',
    summary: 'List the bank accounts and the cash box',
    description: 'The default bank account first, then by kind and name.',
    access: 'superuser',
    answers: { 200: json(z.array(BankAccountAnswer)) },
  },
  {
    method: 'post',
    path: '/api/bank-accounts/',
    summary: 'Create a bank account or cash box',
    description: 'Creates its ledger account too (the next free asset code, named after it). Made the default, it takes over from the current default bank account.',
    access: 'superuser',
    body: moneyAccountBody,
    answers: { 201: json(BankAccountAnswer, 'Created.') },
  },
  { method: 'get', path: '/api/bank-accounts/:id/', summary: 'A bank account or cash box, with its balance', access: 'superuser', answers: { 200: json(BankAccountAnswer) } },
  {
    method: 'put',
    path: '/api/bank-accounts/:id/',
    summary: 'Update a bank account or cash box',
    description: 'Its kind never changes, and the default bank account stays the default until another is made default. The name follows to its ledger account.',
    access: 'superuser',
    body: moneyAccountBody,
    answers: { 200: json(BankAccountAnswer) },
  },
  {
    method: 'delete',
    path: '/api/bank-accounts/:id/',
    summary: 'Delete a bank account or cash box nothing was posted to',
    description: 'Refused for the books’ own Bank and Cash on Hand, the default bank account, an account a payment method defaults to, and one with postings (409).',
    access: 'superuser',
    answers: { 204: empty() },
  },
]);
