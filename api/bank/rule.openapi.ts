import { z } from 'zod';
import type { RuleWire } from '../platform/contracts/rest.contract';
import { empty, json, tagged, wire } from '../platform/openapi/route-doc';
import { wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import { ruleBody } from './rule.schema';

export const BankRuleAnswer = wire<RuleWire>()(
  z
    .object({
      id: wId,
      position: z.number().int().meta({ description: 'Rules are tried in this order; a new rule comes last.' }),
      name: z.string(),
      text_contains: z.string().nullable().meta({ description: 'The line’s text holds this (case and accents aside); null: no condition.' }),
      text_words: z.array(z.string()).meta({ description: 'The line’s text holds every one of these words, in any order; empty: no condition.' }),
      text_starts_with: z.string().nullable().meta({ description: 'The line’s description or counterparty name starts with this; null: no condition.' }),
      min_amount: wMoney.nullable().meta({ description: 'Euros: the line’s amount (without its sign) is at least this; null: no condition.' }),
      max_amount: wMoney.nullable().meta({ description: 'Euros: the line’s amount (without its sign) is at most this; null: no condition.' }),
      direction: z.enum(['in', 'out']).nullable().meta({ description: 'Money in or money out only; null: either.' }),
      counterparty_iban: z.string().nullable().meta({ description: 'The payer’s or payee’s IBAN (without spaces, upper case); null: no condition.' }),
      account: z.string().meta({ description: 'The code of the ledger account a matching line is booked to.' }),
      vat_rate: z.number().meta({ description: 'Percent, included in the line’s amount (0: no VAT).' }),
      description: z.string().nullable().meta({ description: 'The posting’s description; null: the rule’s name.' }),
      version: z.number().int().meta({ description: 'Echo it on PUT for a 409 when someone else changed the rule.' }),
      updated_at: wDateTime,
    })
    .meta({ id: 'BankRule', description: 'A rule that books an imported statement line matching all its conditions to an account, with its VAT.' }),
);

export const bankRuleDocs = tagged('Bank rules', [
  {
    method: 'get',
    path: '/api/bank-rules/',
    summary: 'List the bank rules, in the order they are tried',
    description: 'On import, each line no invoice reference took is tried against the rules in order; the first that matches books the whole line to its account with its VAT.',
    access: 'superuser',
    answers: { 200: json(z.array(BankRuleAnswer)) },
  },
  {
    method: 'post',
    path: '/api/bank-rules/',
    summary: 'Create a bank rule (tried after the existing ones)',
    description: 'Refused (400, by field) without any condition (it would take every line), when the account is not in the chart, or when the highest amount is below the lowest.',
    access: 'superuser',
    body: ruleBody,
    answers: { 201: json(BankRuleAnswer, 'Created.') },
  },
  {
    method: 'put',
    path: '/api/bank-rules/:id/',
    summary: 'Update a bank rule',
    description: 'Replaces the rule’s conditions and booking; its position stays.',
    access: 'superuser',
    body: ruleBody,
    answers: { 200: json(BankRuleAnswer) },
  },
  { method: 'delete', path: '/api/bank-rules/:id/', summary: 'Delete a bank rule', access: 'superuser', answers: { 204: empty() } },
]);
