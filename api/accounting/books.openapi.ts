import { z } from 'zod';
import type { RevaluationWire } from '../platform/contracts/rest.contract';
import { json, tagged, wire } from '../platform/openapi/route-doc';
import { wAmount, wCurrency, wDate, wId, wMoney } from '../platform/openapi/wire-schemas';
import { lockBody, reopenBody, revaluationBody, settingsBody, yearBody, type settingsView } from './books.routes';

const FiscalYearAnswer = z.object({ from: wDate.meta({ description: 'Its first day.' }), to: wDate.meta({ description: 'Its last day.' }) });

const SettingsAnswer = wire<ReturnType<typeof settingsView>>()(
  z
    .object({
      locked_through: wDate.nullable().meta({ description: 'Nothing dated on or before this day can be posted, changed or deleted; null when the books are open.' }),
      fiscal_year_start_month: z.number().int().meta({ description: 'The fiscal year’s first month, 1 (January) to 12 (December).' }),
      current_fiscal_year: FiscalYearAnswer.meta({ description: 'The fiscal year today falls in.' }),
      closed_years: z
        .array(FiscalYearAnswer.extend({ entry_id: wId.meta({ description: 'The year-end closing journal entry.' }) }))
        .meta({ description: 'The closed fiscal years, oldest first.' }),
      unreconciled_lines_through_lock: z.number().int().meta({ description: 'Bank statement lines on or before the lock not reconciled yet (0 without a lock): a warning, not a refusal.' }),
    })
    .meta({ id: 'AccountingSettings', description: 'The period lock, the fiscal year and the closed years.' }),
);

const RevaluationAnswer = wire<RevaluationWire>()(
  z
    .object({
      date: wDate.meta({ description: 'The period end revalued at.' }),
      reversal_date: wDate.meta({ description: 'The next day, when the entry reverses.' }),
      posted: z.boolean().meta({ description: 'Whether an entry was posted (false: nothing to revalue, or no difference).' }),
      rates: z
        .array(z.object({ currency: wCurrency, rate: z.number().meta({ description: 'Units of the currency per euro.' }), rate_date: wDate.meta({ description: 'The day of the rate used (the last on or before `date`).' }) }))
        .meta({ description: 'The rate used per currency.' }),
      items: z
        .array(
          z
            .object({
              invoice: wId.optional().meta({ description: 'The invoice whose receivable this is (absent for a bill).' }),
              bill: wId.optional().meta({ description: 'The bill whose payable this is (absent for an invoice).' }),
              currency: wCurrency,
              open_amount: wAmount.meta({ description: 'What is open, in the document’s currency (a bill owed is negative).' }),
              booked_eur: wMoney.meta({ description: 'Its euros as booked.' }),
              revalued_eur: wMoney.meta({ description: 'Its euros at the rate of the day.' }),
              difference_eur: wMoney.meta({ description: 'Above 0 a gain, below 0 a loss.' }),
            })
            .meta({ description: 'One open document revalued, signed as its account sees it.' }),
        )
        .meta({ description: 'Each open invoice receivable and bill payable in another currency than the euro.' }),
      gain: wMoney.meta({ description: 'Posted to Exchange Gains.' }),
      loss: wMoney.meta({ description: 'Posted to Exchange Losses.' }),
    })
    .meta({ id: 'Revaluation', description: 'A period end’s revaluation of the foreign-currency receivables and payables.' }),
);

export const booksDocs = tagged('Accounting', [
  {
    method: 'get',
    path: '/api/accounting/lock/',
    summary: 'The period lock, fiscal year and closed years',
    access: 'superuser',
    answers: { 200: json(SettingsAnswer) },
  },
  {
    method: 'put',
    path: '/api/accounting/lock/',
    summary: 'Lock the books through a day, or unlock them',
    description:
      'Sets `locked_through` (`YYYY-MM-DD`, before today), or `null` to unlock. Refused (400, `reason`) when the day is today or later (`LOCK_NOT_PAST`) or would unlock part of a closed fiscal year (`YEAR_CLOSED`).',
    access: 'superuser',
    body: lockBody,
    answers: { 200: json(SettingsAnswer, 'The settings, locked.') },
  },
  {
    method: 'put',
    path: '/api/accounting/fiscal-year/',
    summary: 'Set the fiscal year’s first month',
    description: '`fiscal_year_start_month` from 1 (January) to 12 (December). Refused (400, `FIRST_MONTH_FIXED`) while fiscal years are closed with the current first month.',
    access: 'superuser',
    body: settingsBody,
    answers: { 200: json(SettingsAnswer) },
  },
  {
    method: 'post',
    path: '/api/accounting/year-end-close/',
    summary: 'Close a fiscal year',
    description:
      '`fiscal_year` is the year the fiscal year starts in (1900 to 9998). Revalues what is open in other currencies on the year’s last day, locks the books through it and posts the closing entry (revenue and expenses into Retained Earnings). Closing a closed year changes nothing. Refused when the year has not ended (`YEAR_NOT_ENDED`) or a later year is closed (`LATER_YEAR_CLOSED`).',
    access: 'superuser',
    body: yearBody,
    answers: { 200: json(SettingsAnswer, 'The settings, the year closed.') },
  },
  {
    method: 'post',
    path: '/api/accounting/revaluation/',
    summary: 'Revalue the open foreign-currency receivables and payables on a day',
    description:
      'Posts the unrealised exchange differences on `date` (at that day’s rates, or the last before it) and reverses them the next day. Once per day, never ahead of today, never into locked books; a currency without a rate is a 400 naming it.',
    access: 'superuser',
    body: revaluationBody,
    answers: { 201: json(RevaluationAnswer, 'An entry was posted.'), 200: json(RevaluationAnswer, 'Nothing to post (`posted: false`).') },
  },
  {
    method: 'post',
    path: '/api/accounting/year-end-reopen/',
    summary: 'Reopen the latest closed fiscal year',
    description: '`fiscal_year` is the year the fiscal year starts in; `reason` (at most 1000 characters) goes into the audit log. Reverses its closing entry and moves the lock back to the day before the year. Needs a reason (`REASON_REQUIRED`); only the latest closed year reopens (`YEAR_NOT_CLOSED`, `LATER_YEAR_CLOSED`).',
    access: 'superuser',
    body: reopenBody,
    answers: { 200: json(SettingsAnswer, 'The settings, the year reopened.') },
  },
]);
