import { z } from 'zod';
import type { CsvDateFormat } from '../../domain/bank/csv-statement';
import type {
  CsvMappingAnswer,
  MovementWire,
  OpenBillWire,
  OpenInvoiceWire,
  ReconciliationReportWire,
  StatementImportWire,
  StatementLineWire,
  StatementWire,
  SuggestionWire,
} from '../platform/contracts/rest.contract';
import { PDF, TOTAL_COUNT, XLSX, file, json, tagged, wire } from '../platform/openapi/route-doc';
import { wAmount, wCurrency, wDate, wDateTime, wId, wMoney } from '../platform/openapi/wire-schemas';
import { body as csvMappingBody } from './csv-mapping.schema';
import { body as reconcileBody } from './reconciliation.schema';

const balance = z.object({ date: wDate, amount: wMoney }).nullable();

export const BankStatementAnswer = wire<StatementWire>()(
  z
    .object({
      id: wId,
      money_account: wId,
      format: z.enum(['camt.053', 'mt940', 'ofx', 'csv']).meta({ description: 'The file’s format, as detected.' }),
      statement_id: z.string().nullable().meta({ description: 'The bank’s own id of the statement, when the file gives one.' }),
      iban: z.string().nullable().meta({ description: 'The account the file names, when it names one.' }),
      currency: wCurrency,
      opening_balance: balance.meta({ description: 'When the file gives one.' }),
      closing_balance: balance.meta({ description: 'When the file gives one.' }),
      first_booking_date: wDate.nullable(),
      last_booking_date: wDate.nullable(),
      lines_in_file: z.number().int(),
      lines_added: z.number().int().meta({ description: 'The lines the account did not hold yet.' }),
      opening_gap: wMoney.nullable().meta({ description: 'Opening balance minus the previous statement’s closing balance, when they differ.' }),
      file_name: z.string(),
      imported_at: wDateTime,
    })
    .meta({ id: 'BankStatement', description: 'An imported statement file of a money account.' }),
);

const StatementImportAnswer = wire<StatementImportWire>()(
  z
    .object({
      statement: BankStatementAnswer.nullable().meta({ description: 'The statement written; null when every line was imported before.' }),
      lines_in_file: z.number().int(),
      lines_added: z.number().int(),
      lines_already_imported: z.number().int().meta({ description: 'Lines the account held already (same or overlapping file): passed over.' }),
      auto_reconciled: z.number().int().meta({ description: 'New lines reconciled on import: money in naming exactly one open invoice by its RF reference.' }),
      warnings: z.array(
        z.object({
          code: z.enum(['OPENING_GAP', 'NOTHING_NEW']).meta({ description: 'OPENING_GAP: the opening balance is not the previous closing one; NOTHING_NEW: nothing was added.' }),
          message: z.string(),
        }),
      ),
    })
    .meta({ id: 'BankStatementImport' }),
);

export const BankStatementLineAnswer = wire<StatementLineWire>()(
  z
    .object({
      id: wId,
      statement: wId.meta({ description: 'The statement that brought the line.' }),
      booking_date: wDate,
      value_date: wDate,
      amount: wMoney.meta({ description: 'Signed as the bank sees the account: money in positive, money out negative.' }),
      description: z.string(),
      counterparty_name: z.string().nullable(),
      counterparty_iban: z.string().nullable(),
      reference: z.string().nullable().meta({ description: 'The structured remittance reference (an RF creditor reference), when the bank gives one.' }),
      bank_reference: z.string().nullable().meta({ description: 'The bank’s own reference of the entry.' }),
      status: z.enum(['open', 'reconciled']),
      reconciliation: z
        .object({
          id: wId,
          parts: z.array(z.record(z.string(), z.unknown())).meta({
            description:
              'What the line was, as recorded: each part has `kind` (`invoice`, `clientCredit`, `movement`, `transfer`, `account`, `bill`) and `amount` (signed, euros), with the ids in the books’ names (`invoiceId`, `clientId`, `movementId`, `moneyAccountId`, `accountCode` with `vatRateBp` and `description`, `billId`) and, for invoice, client credit and bill parts, the `paymentId` recorded for them.',
          }),
          reconciled_at: wDateTime,
        })
        .nullable()
        .meta({ description: 'What the line was, once reconciled; null while it is open.' }),
    })
    .meta({ id: 'BankStatementLine', description: 'One line of a statement, and its reconciliation.' }),
);

const ReportItem = z.object({ id: wId, date: wDate, description: z.string(), amount: wMoney });

const ReconciliationReportAnswer = wire<ReconciliationReportWire>()(
  z
    .object({
      money_account: wId,
      statement: wId.meta({ description: 'The statement whose closing balance is proven.' }),
      date: wDate.meta({ description: 'That statement’s closing day.' }),
      statement_balance: wMoney.meta({ description: 'The statement’s closing balance.' }),
      ledger_balance: wMoney.meta({ description: 'The account’s ledger balance through that day.' }),
      unreconciled_lines: z.array(ReportItem).meta({ description: 'Statement lines through that day not reconciled yet.' }),
      unreconciled_lines_total: wMoney,
      unreconciled_movements: z.array(ReportItem).meta({ description: 'Movements in the books through that day no line has matched (after the first statement’s opening day).' }),
      unreconciled_movements_total: wMoney,
      explained_balance: wMoney.meta({ description: 'The ledger balance with what is waiting on each side accounted for.' }),
      difference: wMoney.meta({ description: 'Statement balance minus explained balance: 0 when proven.' }),
      proven: z.boolean().meta({ description: 'The books equal the bank once what is waiting is accounted for.' }),
      complete: z.boolean().meta({ description: 'Proven with nothing waiting on either side.' }),
    })
    .meta({ id: 'BankReconciliationReport', description: 'The proof that the books equal the bank on a statement’s closing day.' }),
);

const SuggestionAnswer = wire<SuggestionWire>()(
  z
    .object({
      score: z.number().meta({ description: 'Higher is likelier.' }),
      reasons: z.array(z.string()).meta({ description: 'What matched (`reference`, `amount`, …).' }),
      parts: z
        .array(
          z
            .object({
              kind: z.string().meta({ description: '`invoice`, `client_credit`, `movement`, `transfer`, `account` or `bill`, with its id field as `…/reconcile/` takes it.' }),
              amount: wMoney.meta({ description: 'Signed as the line.' }),
              label: z.string().meta({ description: 'What to show for it (an invoice’s number and client, a movement’s description).' }),
            })
            .catchall(z.unknown()),
        )
        .meta({ description: 'The body `…/reconcile/` takes (without the labels): accepting the suggestion is posting them as they are.' }),
    })
    .meta({ id: 'BankSuggestion' }),
);

const MovementAnswer = wire<MovementWire>()(
  z
    .object({
      id: wId.meta({ description: 'The ledger entry’s id: what a `movement` part names.' }),
      date: wDate,
      description: z.string(),
      source: z.string().meta({ description: 'What recorded it (a payment, a payout, a journal entry…).' }),
      amount: wMoney.meta({ description: 'Signed as the bank sees the account.' }),
    })
    .meta({ id: 'BankMovement', description: 'A money movement already in the books no statement line has matched yet.' }),
);

const OpenInvoiceAnswer = wire<OpenInvoiceWire>()(
  z
    .object({
      id: wId,
      invoice_number: z.string(),
      client: z.object({ id: wId, name: z.string() }),
      due_date: wDate,
      open_amount: wAmount.meta({ description: 'What is left to pay after payments and credit notes, in the invoice’s currency.' }),
    })
    .meta({ id: 'BankOpenInvoice' }),
);

const OpenBillAnswer = wire<OpenBillWire>()(
  z
    .object({
      id: wId,
      invoice_number: z.string().meta({ description: 'The supplier’s own number of the invoice.' }),
      supplier: z.object({ id: wId, name: z.string() }),
      due_date: wDate,
      open_amount: wAmount.meta({ description: 'What is left to pay after its payments, in the bill’s currency.' }),
    })
    .meta({ id: 'BankOpenBill' }),
);

const DATE_FORMATS = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const satisfies readonly CsvDateFormat[];
const column = z.string().nullable().optional();

const CsvMappingAnswerSchema = wire<CsvMappingAnswer>()(
  z
    .object({
      csv_mapping: z
        .object({
          delimiter: z.enum([',', ';', '\t']).optional(),
          header_rows: z.number().int(),
          date_format: z.enum(DATE_FORMATS),
          decimal: z.enum(['.', ',']),
          currency: z.string().nullable().optional(),
          columns: z
            .object({
              booking_date: z.string(),
              value_date: column,
              amount: column,
              debit: column,
              credit: column,
              description: z.string(),
              counterparty_name: column,
              counterparty_iban: column,
              reference: column,
              bank_reference: column,
            })
            .meta({ description: 'Each column by its header text or 1-based number; those not given are left out.' }),
        })
        .nullable()
        .meta({ description: 'The mapping as saved, in the names the PUT takes (it can be sent back as it is); null: none.' }),
    })
    .meta({ id: 'BankCsvMapping' }),
);

const INT = (description: string) => z.number().int().min(0).optional().meta({ description });
const reportDate = wDate.optional().meta({ description: 'The last statement closing on or before this day (default: the last statement of all).' });

/** `GET …/statement-lines/`'s query, read by hand: unknown values are ignored. */
const lineQuery = z.object({
  status: z.enum(['open', 'reconciled']).optional().meta({ description: 'Only open or only reconciled lines (default: all).' }),
  statement: wId.optional().meta({ description: 'Only the lines this statement brought.' }),
  limit: INT('At most this many lines (default 100; at most 500).'),
  offset: INT('Lines skipped first (default 0).'),
});

/** `GET …/open-invoices/` and `…/open-bills/`'s query, read by hand. */
const searchQuery = (what: string) =>
  z.object({
    q: z.string().optional().meta({ description: what }),
    limit: INT('At most this many (default 20; at most 100).'),
  });

export const statementDocs = tagged('Bank statements', [
  {
    method: 'post',
    path: '/api/bank-accounts/:id/statements/',
    summary: 'Import a statement file into the account',
    description:
      'A camt.053, MT940, OFX or CSV file (CSV read with the account’s CSV mapping), 20 MB at most. The file is read and checked whole before anything is written; a line the account holds already is passed over, so the same or an overlapping file adds nothing twice. Refused for the cash box, for a file naming another account’s IBAN, and for a statement in a currency other than euros. New lines naming exactly one open invoice by its RF reference are reconciled at once, and lines the bank rules match are booked. Answers 201 when a statement was written, 200 when every line was imported before.',
    access: 'superuser',
    upload: { field: 'file', description: 'The statement file (camt.053, MT940, OFX or CSV), 20 MB at most.' },
    answers: { 201: json(StatementImportAnswer, 'Imported.'), 200: json(StatementImportAnswer, 'Nothing new: every line was imported before (`statement` is null).') },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/csv-mapping/',
    summary: 'How the account’s CSV statements are read',
    access: 'superuser',
    answers: { 200: json(CsvMappingAnswerSchema) },
  },
  {
    method: 'put',
    path: '/api/bank-accounts/:id/csv-mapping/',
    summary: 'Set how the account’s CSV statements are read (null removes it)',
    description: 'Its bank’s columns (by header text or 1-based number), date format, decimal mark, and optionally the delimiter and currency. Give either `amount` or `debit` and `credit`.',
    access: 'superuser',
    body: csvMappingBody,
    answers: { 200: json(CsvMappingAnswerSchema, 'The mapping as saved.') },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/statements/',
    summary: 'The account’s imported statements, the newest first',
    access: 'superuser',
    answers: { 200: json(z.array(BankStatementAnswer)) },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/statement-lines/',
    summary: 'A page of the account’s statement lines, oldest first',
    description: 'The total for the filter is in the `X-Total-Count` header.',
    access: 'superuser',
    query: lineQuery,
    answers: { 200: json(z.array(BankStatementLineAnswer)) },
    answerHeaders: TOTAL_COUNT,
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/reconciliation-report/',
    summary: 'The reconciliation report on a statement’s closing day',
    description: 'The statement balance against the ledger balance, with the lines and movements not reconciled yet. 404 when no statement with a closing balance closes on or before the day.',
    access: 'superuser',
    query: z.object({ date: reportDate }),
    answers: { 200: json(ReconciliationReportAnswer) },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/reconciliation-report/export/',
    summary: 'The reconciliation report as a file (PDF or XLSX)',
    access: 'superuser',
    query: z.object({
      format: z.enum(['pdf', 'xlsx']).optional().meta({ description: 'Default: pdf.' }),
      date: reportDate,
      lang: z.enum(['en', 'el', 'ru']).optional().meta({ description: 'Default: the request’s language.' }),
    }),
    answers: { 200: file([...PDF, ...XLSX], 'The report.') },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/movements/',
    summary: 'Movements in the books no statement line has matched yet',
    description: 'Payments recorded by hand, payouts and journal entries on the account’s ledger account, oldest first (at most 200): what a line may be reconciled with as a `movement` part.',
    access: 'superuser',
    answers: { 200: json(z.array(MovementAnswer)) },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/open-invoices/',
    summary: 'Search the open invoices a line may pay',
    description: 'Sent, not cancelled invoices with something left to pay, soonest due first.',
    access: 'superuser',
    query: searchQuery('The invoice’s number, the client’s name, or the open amount.'),
    answers: { 200: json(z.array(OpenInvoiceAnswer)) },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/open-bills/',
    summary: 'Search the open bills money out may pay',
    description: 'Suppliers’ posted bills with something left to pay, soonest due first.',
    access: 'superuser',
    query: searchQuery('The supplier’s invoice number, the supplier’s name, or the open amount.'),
    answers: { 200: json(z.array(OpenBillAnswer)) },
  },
  {
    method: 'get',
    path: '/api/bank-accounts/:id/statement-lines/:lineId/suggestions/',
    summary: 'What the line most likely was, best first',
    description: 'Open invoices (by RF reference, invoice number, amount, the payer’s name), bills for money out, and movements already in the books. Empty for a reconciled line.',
    access: 'superuser',
    answers: { 200: json(z.array(SuggestionAnswer)) },
  },
  {
    method: 'post',
    path: '/api/bank-accounts/:id/statement-lines/:lineId/reconcile/',
    summary: 'Reconcile a statement line: say what its money was',
    description:
      'The parts must add up to the line’s amount: invoices it paid and a client’s credit (recorded as payments on the invoices), bills it paid, accounts with VAT, transfers to or from another money account, and movements already in the books. Refused once the line’s day is locked, and 409 when the line is reconciled already.',
    access: 'superuser',
    body: reconcileBody,
    answers: { 200: json(BankStatementLineAnswer, 'The line, reconciled.') },
  },
  {
    method: 'post',
    path: '/api/bank-accounts/:id/statement-lines/:lineId/unreconcile/',
    summary: 'Undo a statement line’s reconciliation',
    description: 'Reverses what it posted, frees the movements it matched and removes the payments it recorded on invoices and bills. Refused once the line’s day is locked, or when a payment can no longer be removed.',
    access: 'superuser',
    answers: { 200: json(BankStatementLineAnswer, 'The line, open again.') },
  },
]);
