import { Router, type Request } from 'express';
import { centsToEuros } from '../../domain/shared/money';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { requireSuperuser } from '../platform/guards';
import type { AccountingServices } from './accounting.services';
import { singleLineToPosted } from '../../domain/journal/single-line';
import { restFieldNames } from '../platform/http/error-middleware';
import { booksRoutes } from './books.routes';
import { exportRoutes } from './exports/export.routes';
import { accountView, parseSingleLine, SINGLE_LINE_REST_FIELDS, toSingleLineView } from './journal.rest';
import type { ReportLine } from '../../domain/accounting/reports';
import { ecSalesListView, vatReturnView } from './vat-return.rest';
import { readComparison, type BalanceSheetReport, type IncomeStatementReport } from './report.service';
import { AGING_BUCKETS, type BucketAmounts } from '../../domain/accounting/aging';
import { AGING_REST_NAMES } from '../platform/wire';

/** The aging buckets as the REST answer names them. */

const actorOf = (req: Request): string => {
  if (!req.user) throw new UnauthenticatedError();
  return req.user.id;
};

const query = (req: Request) => {
  const q = req.query as Record<string, unknown>;
  const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  return { from: one(q.from), to: one(q.to), asOf: one(q.as_of) };
};

const compareOf = (req: Request) => {
  const v = (req.query as Record<string, unknown>).compare;
  return readComparison(Array.isArray(v) ? v[0] : v);
};

const lines = (list: ReportLine[]) => list.map((l) => ({ account: l.account, account_id: l.accountId, balance: centsToEuros(l.balanceCents) }));

const incomeStatementView = (r: IncomeStatementReport) => ({
  revenues: lines(r.revenues),
  expenses: lines(r.expenses),
  total_revenue: centsToEuros(r.totalRevenueCents),
  total_expenses: centsToEuros(r.totalExpensesCents),
  net_income: centsToEuros(r.netIncomeCents),
  from: r.period.from,
  to: r.period.to,
});

const balanceSheetView = (r: BalanceSheetReport) => ({
  assets: lines(r.assets),
  liabilities: lines(r.liabilities),
  equity: lines(r.equity),
  total_assets: centsToEuros(r.totalAssetsCents),
  total_liabilities: centsToEuros(r.totalLiabilitiesCents),
  total_equity: centsToEuros(r.totalEquityCents),
  total_liabilities_and_equity: centsToEuros(r.totalLiabilitiesAndEquityCents),
  as_of: r.asOf,
});

/** The spec's REST adapters for the journal, accounts and reports (section 7), superuser only. */
export const accountingRoutes = (s: AccountingServices): Router => {
  const router = Router();
  router.use(['/journal-entries', '/accounts', '/reports', '/accounting'], requireSuperuser);
  router.use(booksRoutes(s.books));
  router.use(exportRoutes(s));

  router.get('/journal-entries/', async (_req, res) => {
    const { items } = await s.ledger.entries({ sources: ['manual'] });
    res.json(items.map((i) => toSingleLineView(i.entry, i.lines)));
  });

  router.post('/journal-entries/', restFieldNames(SINGLE_LINE_REST_FIELDS), async (req, res) => {
    const posted = singleLineToPosted(parseSingleLine(req.body));
    const actor = actorOf(req);
    const id = await s.journal.record(posted, actor);
    const saved = await s.ledger.written(id, posted, actor, new Date().toISOString());
    res.status(201).json(toSingleLineView(saved.entry, saved.lines));
  });

  router.get('/journal-entries/:id/', async (req, res) => {
    const found = await s.ledger.entry(req.params.id as string, { manualOnly: true });
    res.json(toSingleLineView(found.entry, found.lines));
  });

  router.put('/journal-entries/:id/', restFieldNames(SINGLE_LINE_REST_FIELDS), async (req, res) => {
    const id = req.params.id as string;
    const input = parseSingleLine(req.body);
    const posted = singleLineToPosted(input);
    const actor = actorOf(req);
    await s.journal.correct(id, posted, actor, input.version);
    const saved = await s.ledger.written(id, posted, actor, new Date().toISOString());
    res.json(toSingleLineView(saved.entry, saved.lines));
  });

  router.delete('/journal-entries/:id/', async (req, res) => {
    const version = req.query.version === undefined ? undefined : Number(req.query.version);
    await s.journal.delete(req.params.id as string, actorOf(req), Number.isInteger(version) ? version : undefined);
    res.status(204).end();
  });

  router.get('/accounts/', async (_req, res) => {
    res.json((await s.accounts.list()).map(accountView));
  });

  // The spec's fields stay as they are; `compare` adds the compared report under `comparison`.
  router.get('/reports/income-statement/', async (req, res) => {
    const r = await s.reports.incomeStatement(query(req), undefined, compareOf(req));
    res.json({ ...incomeStatementView(r), ...(r.comparison ? { comparison: { ...incomeStatementView(r.comparison), kind: r.comparison.kind } } : {}) });
  });

  router.get('/reports/balance-sheet/', async (req, res) => {
    const r = await s.reports.balanceSheet(query(req), undefined, compareOf(req));
    res.json({ ...balanceSheetView(r), ...(r.comparison ? { comparison: { ...balanceSheetView(r.comparison), kind: r.comparison.kind } } : {}) });
  });

  router.get('/reports/aged-receivables/', async (req, res) => {
    const r = await s.reports.agedReceivables(query(req));
    const buckets = (b: BucketAmounts) => Object.fromEntries(AGING_BUCKETS.map((k) => [AGING_REST_NAMES[k], centsToEuros(b[k])]));
    res.json({
      as_of: r.asOf,
      clients: r.clients.map((c) => ({
        client_id: c.clientId,
        client: c.clientName,
        ...buckets(c.buckets),
        total: centsToEuros(c.owedCents),
        credit_balance: centsToEuros(c.creditCents),
        // What of it is open in other currencies, in them (the euros above are at the booked rates).
        foreign_open: (c.foreign ?? []).map((f) => ({ currency: f.currency, amount: centsToEuros(f.cents) })),
      })),
      totals: { ...buckets(r.totals), total: centsToEuros(r.totals.owedCents), credit_balance: centsToEuros(r.totals.creditCents), net: centsToEuros(r.totals.netCents) },
    });
  });

  router.get('/reports/vat-return/', async (req, res) => {
    res.json(vatReturnView(await s.reports.vatReturn(query(req))));
  });

  router.get('/reports/ec-sales-list/', async (req, res) => {
    res.json(ecSalesListView(await s.reports.ecSalesList(query(req))));
  });

  router.get('/reports/cash-flow/', async (req, res) => {
    const r = await s.reports.cashFlow(query(req));
    res.json({
      net_income: centsToEuros(r.netIncomeCents),
      cash_from_operations: centsToEuros(r.cashFromOperationsCents),
      cash_from_investing: centsToEuros(r.cashFromInvestingCents),
      cash_from_financing: centsToEuros(r.cashFromFinancingCents),
      net_cash_flow: centsToEuros(r.netCashFlowCents),
      operating_adjustments: lines(r.operatingAdjustments),
      investing: lines(r.investing),
      financing: lines(r.financing),
      opening_cash: centsToEuros(r.openingCashCents),
      closing_cash: centsToEuros(r.closingCashCents),
      from: r.period.from,
      to: r.period.to,
    });
  });

  return router;
};
