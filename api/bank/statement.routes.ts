import { Router } from 'express';
import { STATEMENT_MAX_BYTES } from '../../domain/bank/statement-file';
import { isIsoDate } from '../../domain/shared/dates';
import { ValidationError } from '../../domain/shared/errors';
import { requireSuperuser } from '../platform/guards';
import { attachment } from '../platform/http/attachment';
import { singleFileUpload } from '../platform/http/upload';
import { statementLanguage } from '../platform/http/statement-language';
import { isUuid, pathId } from '../platform/wire';
import { RECONCILIATION_EXPORT_FORMATS, type ReconciliationExportFormat, type ReconciliationReportExport } from './reconciliation-report-export';
import { parseCsvMappingBody, toCsvMappingWire } from './csv-mapping.schema';
import { parseReconcileBody } from './reconciliation.schema';
import type { ReconciliationService } from './reconciliation.service';
import type { StatementService } from './statement.service';
import { STATEMENT_LINE_NOT_FOUND } from '../../domain/bank/line';
import { MONEY_ACCOUNT_NOT_FOUND } from '../../domain/bank/money-account';

const INVALID = 'Please correct the errors below.';

/** The upload: one file in field `file`, 20 MB at most, refused past that without reading further. */
const readUpload = singleFileUpload({ maxBytes: STATEMENT_MAX_BYTES, what: 'a statement file', missing: 'Choose a statement file to import (camt.053, MT940, OFX or CSV).' });

const page = (value: unknown, fallback: number, max: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, max) : fallback;
};

/** The report's optional day: YYYY-MM-DD or a 400. */
const reportDate = (date: unknown): string | undefined => {
  if (date !== undefined && (typeof date !== 'string' || !isIsoDate(date))) throw new ValidationError(INVALID, { date: ['Enter a valid date (YYYY-MM-DD).'] });
  return date;
};

/** `/api/bank-accounts/{id}/statements/`, the account's statement lines and their reconciliation (superuser). */
export const statementRoutes = (bank: { statements: StatementService; reconciliations: ReconciliationService; reportExport: ReconciliationReportExport }): Router => {
  const router = Router();
  router.use('/bank-accounts/:id/statements', requireSuperuser);
  router.use('/bank-accounts/:id/statement-lines', requireSuperuser);
  router.use('/bank-accounts/:id/movements', requireSuperuser);
  router.use('/bank-accounts/:id/open-invoices', requireSuperuser);
  router.use('/bank-accounts/:id/open-bills', requireSuperuser);
  router.use('/bank-accounts/:id/csv-mapping', requireSuperuser);
  router.use('/bank-accounts/:id/reconciliation-report', requireSuperuser);

  router.post(
    '/bank-accounts/:id/statements/',
    // The account first: a file for an account that does not exist is not read at all.
    async (req, _res, next) => {
      try {
        await bank.statements.csvMapping(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND));
        next();
      } catch (err) {
        next(err);
      }
    },
    readUpload,
    async (req, res) => {
      const result = await bank.statements.import(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), { bytes: req.file!.buffer, name: req.file!.originalname }, req.user!.id);
      res.status(result.statement ? 201 : 200).json(result);
    },
  );

  // How this account's CSV exports are read (its bank's columns, date format and decimal mark).
  router.get('/bank-accounts/:id/csv-mapping/', async (req, res) => {
    res.json({ csv_mapping: toCsvMappingWire(await bank.statements.csvMapping(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND))) });
  });

  router.put('/bank-accounts/:id/csv-mapping/', async (req, res) => {
    const id = pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND);
    res.json({ csv_mapping: toCsvMappingWire(await bank.statements.saveCsvMapping(id, parseCsvMappingBody(req.body), req.user!.id)) });
  });

  router.get('/bank-accounts/:id/statements/', async (req, res) => {
    res.json(await bank.statements.list(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND)));
  });

  router.get('/bank-accounts/:id/statement-lines/', async (req, res) => {
    const query = req.query; // Express 5 parses the query string again at every access.
    const status = query.status === 'open' || query.status === 'reconciled' ? query.status : undefined;
    const statementId = isUuid(query.statement) ? query.statement : undefined;
    const { items, total } = await bank.statements.lines(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), { status, statementId, limit: page(query.limit, 100, 500) || 100, offset: page(query.offset, 0, Number.MAX_SAFE_INTEGER) });
    res.setHeader('X-Total-Count', String(total));
    res.json(items);
  });

  router.get('/bank-accounts/:id/reconciliation-report/', async (req, res) => {
    res.json(await bank.reconciliations.report(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), reportDate(req.query.date)));
  });

  // The same report as a file: ?format=pdf|xlsx (pdf without it), &date= as above, &lang=en|el|ru (else the request's language).
  router.get('/bank-accounts/:id/reconciliation-report/export/', async (req, res) => {
    const query = req.query;
    const format = query.format === undefined || query.format === '' ? 'pdf' : query.format;
    if (typeof format !== 'string' || !(RECONCILIATION_EXPORT_FORMATS as readonly string[]).includes(format)) throw new ValidationError(INVALID, { format: ['Use pdf or xlsx.'] });
    const file = await bank.reportExport.export(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), format as ReconciliationExportFormat, { date: reportDate(query.date), language: statementLanguage(req) });
    attachment(res, file.filename, file.contentType);
    res.end(file.body);
  });

  router.get('/bank-accounts/:id/movements/', async (req, res) => {
    res.json(await bank.reconciliations.openMovements(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND)));
  });

  // Open invoices to pick for a line: ?q= (number, client, or open amount) and &limit= (20; at most 100).
  router.get('/bank-accounts/:id/open-invoices/', async (req, res) => {
    const query = req.query;
    res.json(await bank.reconciliations.searchOpenInvoices(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), typeof query.q === 'string' ? query.q : '', page(query.limit, 20, 100) || 20));
  });

  // Open bills to pick for money out: ?q= (the supplier's number or name, or the open amount) and &limit= (20; at most 100).
  router.get('/bank-accounts/:id/open-bills/', async (req, res) => {
    const query = req.query;
    res.json(await bank.reconciliations.searchOpenBills(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), typeof query.q === 'string' ? query.q : '', page(query.limit, 20, 100) || 20));
  });

  router.get('/bank-accounts/:id/statement-lines/:lineId/suggestions/', async (req, res) => {
    res.json(await bank.reconciliations.suggestions(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), pathId(req.params.lineId, STATEMENT_LINE_NOT_FOUND)));
  });

  // What the line's money was, in one step; and that step undone (both refused once its day is locked).
  router.post('/bank-accounts/:id/statement-lines/:lineId/reconcile/', async (req, res) => {
    const accountId = pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND);
    const lineId = pathId(req.params.lineId, STATEMENT_LINE_NOT_FOUND);
    res.json(await bank.reconciliations.reconcile(accountId, lineId, parseReconcileBody(req.body), req.user!.id));
  });

  router.post('/bank-accounts/:id/statement-lines/:lineId/unreconcile/', async (req, res) => {
    res.json(await bank.reconciliations.unreconcile(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), pathId(req.params.lineId, STATEMENT_LINE_NOT_FOUND), req.user!.id));
  });

  return router;
};
