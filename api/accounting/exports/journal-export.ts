import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import { csvCell, csvRow } from '../../../domain/shared/csv';
import { centsToDecimal, centsToEuros } from '../../../domain/shared/money';
import { journalExportPage, type JournalExportRow } from '../../../projections/ledger/journal-lines/journal-export';
import type { Period } from '../../platform/period';
import type { ReportExportLabels } from './report-export.texts';
import { EURO_FORMAT } from '../../platform/report-file/report-xlsx';

export type JournalExportFormat = 'csv' | 'xlsx';

const PAGE = 5000;

/** Decimal euros from cents without floating point ("-1500.55"). */

const iso = (v: string | Date): string => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** One line's cells in the export's column order; amounts in cents. */
const cellsOf = (r: JournalExportRow): Array<string | number> => [
  String(r.date).slice(0, 10),
  r.entry_id,
  r.entry_description,
  r.entry_status,
  Number(r.entry_version),
  r.kind,
  Number(r.line_no) + 1,
  r.account_code,
  r.account_name,
  Number(r.debit_cents),
  Number(r.credit_cents),
  r.description,
  r.source_type,
  r.source_id,
  r.document ?? '',
  r.invoice_id ?? '',
  r.event_id,
  r.author ?? r.recorded_by ?? '',
  iso(r.recorded_at),
];
const MONEY_COLUMNS = new Set([9, 10]);

const headerOf = (t: ReportExportLabels): string[] => {
  const j = t.journal;
  return [j.date, j.entry, j.entryDescription, j.status, j.version, j.kind, j.line, j.accountCode, j.account, j.debit, j.credit, j.description, j.source, j.sourceId, j.document, j.invoiceId, j.eventId, j.author, j.recordedAt];
};

async function* pages(db: Knex, period: Period): AsyncGenerator<JournalExportRow[]> {
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const rows = await journalExportPage(db, period.from, period.to, after, PAGE);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { date: String(last.date).slice(0, 10), id: Number(last.id) };
  }
}

/** Waits when the response's buffer is full, so a million lines never sit in memory at once. */
const write = (out: Writable, chunk: string): Promise<void> =>
  out.write(chunk) ? Promise.resolve() : new Promise((resolve) => out.once('drain', () => resolve()));

/**
 * Every ledger line of the period (postings and reversals, each with its entry, source document,
 * event id, author and time) written to `out` page by page: CSV (RFC 4180, UTF-8 with a BOM) or XLSX.
 */
export class JournalExportService {
  constructor(private readonly db: Knex) {}

  write(period: Period, format: JournalExportFormat, t: ReportExportLabels, out: Writable): Promise<void> {
    return writeJournalExport(this.db, period, format, t, out);
  }
}

const writeJournalExport = async (db: Knex, period: Period, format: JournalExportFormat, t: ReportExportLabels, out: Writable): Promise<void> => {
  if (format === 'csv') {
    await write(out, `\uFEFF${csvRow(headerOf(t))}\r\n`);
    for await (const rows of pages(db, period)) {
      const text = rows.map((r) => cellsOf(r).map((v, i) => csvCell(MONEY_COLUMNS.has(i) ? centsToDecimal(v as number) : v)).join(',')).join('\r\n');
      await write(out, `${text}\r\n`);
    }
    out.end();
    return;
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(t.titles.journal);
  sheet.columns = headerOf(t).map((header, i) => ({ header, width: MONEY_COLUMNS.has(i) ? 14 : i === 2 || i === 11 ? 40 : 20, style: MONEY_COLUMNS.has(i) ? { numFmt: EURO_FORMAT } : {} }));
  for await (const rows of pages(db, period)) {
    for (const r of rows) sheet.addRow(cellsOf(r).map((v, i) => (MONEY_COLUMNS.has(i) ? centsToEuros(v as number) : v))).commit();
  }
  sheet.commit();
  await book.commit();
};
