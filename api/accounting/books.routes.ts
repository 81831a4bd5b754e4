import { Router, type Request } from 'express';
import { z } from 'zod';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { cleanText, zDate } from '../platform/wire';
import { centsToEuros } from '../../domain/shared/money';
import type { RevaluationWire } from '../platform/contracts/rest.contract';
import { parseInput } from '../platform/http/validate';
import type { AccountingSettings, BooksService } from './books.service';

const actorOf = (req: Request): string => {
  if (!req.user) throw new UnauthenticatedError();
  return req.user.id;
};

const DAY = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
export const lockBody = z.object({ locked_through: z.string({ error: DAY }).superRefine(cleanText('single')).nullable() }, { error: 'Send an object.' });
export const settingsBody = z.object({ fiscal_year_start_month: z.number({ error: 'Choose a month from 1 (January) to 12 (December).' }) });
export const yearBody = z.object({ fiscal_year: z.number({ error: 'Give the year the fiscal year starts in, e.g. 2025.' }) });
export const revaluationBody = z.object({ date: zDate }, { error: 'Send an object.' });
export const reopenBody = yearBody.extend({ reason: z.string({ error: 'Give a reason for reopening the year.' }).superRefine(cleanText('multi')) });

export const settingsView = (s: AccountingSettings) => ({
  locked_through: s.lockedThrough,
  fiscal_year_start_month: s.fiscalYearStartMonth,
  current_fiscal_year: s.currentFiscalYear,
  closed_years: s.closedYears.map((y) => ({ from: y.from, to: y.to, entry_id: y.entryId })),
  unreconciled_lines_through_lock: s.unreconciledLinesThroughLock,
});

/** The period lock, the fiscal year's first month and the year-end close (superuser; mounted behind its guard). */
export const booksRoutes = (books: BooksService): Router => {
  const router = Router();

  router.get('/accounting/lock/', async (_req, res) => {
    res.json(settingsView(await books.settings()));
  });

  router.put('/accounting/lock/', async (req, res) => {
    const { locked_through } = parseInput(lockBody, req.body);
    res.json(settingsView(await books.setLock(locked_through, actorOf(req))));
  });

  router.put('/accounting/fiscal-year/', async (req, res) => {
    const { fiscal_year_start_month } = parseInput(settingsBody, req.body);
    res.json(settingsView(await books.setFiscalYearStartMonth(fiscal_year_start_month, actorOf(req))));
  });

  router.post('/accounting/year-end-close/', async (req, res) => {
    const { fiscal_year } = parseInput(yearBody, req.body);
    res.json(settingsView(await books.close(fiscal_year, actorOf(req))));
  });

  // Open foreign-currency receivables and payables revalued at a period end: the unrealised differences posted on the day, reversed the next.
  router.post('/accounting/revaluation/', async (req, res) => {
    const { date } = parseInput(revaluationBody, req.body);
    const r = await books.revalue(date, actorOf(req));
    const answer: RevaluationWire = {
      date: r.date,
      reversal_date: r.reversalDate,
      posted: r.posted,
      rates: r.rates.map((x) => ({ currency: x.currency, rate: Number(x.rate), rate_date: x.rateDate })),
      items: r.items.map((i) => ({
        // An invoice's receivable, or a bill's payable (amounts signed as Accounts Payable sees them: owed is negative).
        ...(i.billId ? { bill: i.billId } : { invoice: i.invoiceId }),
        currency: i.currency,
        open_amount: centsToEuros(i.amountCents),
        booked_eur: centsToEuros(i.carryingCents),
        revalued_eur: centsToEuros(i.revaluedCents),
        difference_eur: centsToEuros(i.revaluedCents - i.carryingCents),
      })),
      gain: centsToEuros(r.gainCents),
      loss: centsToEuros(r.lossCents),
    };
    res.status(r.posted ? 201 : 200).json(answer);
  });

  router.post('/accounting/year-end-reopen/', async (req, res) => {
    const { fiscal_year, reason } = parseInput(reopenBody, req.body);
    res.json(settingsView(await books.reopen(fiscal_year, reason, actorOf(req))));
  });

  return router;
};
