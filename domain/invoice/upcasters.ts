import { isJsonObject, type EventUpcaster } from '../shared/stored-events';
import { categoryOf } from './vat';

/**
 * Invoice events from schema version 1 to 2 (see INVOICE_SCHEMA_VERSION). Version 1 covers every
 * invoice event written before version 2 existed, those written with VAT categories and parties
 * included: each upcaster fills only what is missing, and leaves an event that has it alone.
 */

/** A line written before VAT categories were stored: S above 0 %, Z at 0 %, as it was invoiced. */
const withCategory = (line: unknown): unknown =>
  isJsonObject(line) && line.vatCategory == null ? { ...line, vatCategory: categoryOf({ vatRateBp: Number(line.vatRateBp) }) } : line;

const lacksCategory = (line: unknown): boolean => isJsonObject(line) && line.vatCategory == null;

/** The event's data with a category on every line (the same object when none lacks one). */
const categorised = (data: Record<string, unknown>): Record<string, unknown> =>
  Array.isArray(data.lines) && data.lines.some(lacksCategory) ? { ...data, lines: data.lines.map(withCategory) } : data;

const linesUpcaster = (eventType: string): EventUpcaster => ({
  eventType,
  fromVersion: 1,
  upcast: (data) => (isJsonObject(data) ? categorised(data) : data),
});

export const invoiceUpcasters: readonly EventUpcaster[] = [
  {
    eventType: 'InvoiceIssued',
    fromVersion: 1,
    // An invoice written before parties were kept names none: null, as its state always had it.
    upcast: (data) => {
      if (!isJsonObject(data)) return data;
      const withLines = categorised(data);
      return withLines.parties === undefined ? { ...withLines, parties: null } : withLines;
    },
  },
  linesUpcaster('InvoiceEdited'),
  // A credit note of a whole old invoice repeats its lines, without categories too.
  linesUpcaster('InvoiceCredited'),
];
