/**
 * A report as a printable table, the one shape both the PDF and the XLSX writer take: a header
 * (company, title, period, date of generation) and tables whose money cells are integer cents.
 */
export type CellValue = string | number | null;

export interface TableColumn {
  label: string;
  /** Money columns hold cents (numbers) and are right-aligned; others hold text. */
  money?: boolean;
  /** Relative width on paper (default 1; text columns usually wider). */
  width?: number;
}

export type RowStyle = 'line' | 'heading' | 'total' | 'grand';

export interface TableRow {
  cells: CellValue[];
  style?: RowStyle;
}

export interface ReportTable {
  columns: TableColumn[];
  rows: TableRow[];
}

export interface ReportDocument {
  /** File name without extension, e.g. income-statement_2026-01-01_2026-12-31. */
  filename: string;
  title: string;
  company: string;
  /** Label/value pairs printed under the title: period or as-of day, comparison, generation time. */
  meta: Array<[string, string]>;
  tables: ReportTable[];
  /** Landscape paper for wide tables (monthly columns, aged receivables). */
  landscape?: boolean;
}

/** Lines of two reports side by side, matched on their account (computed lines on their label). */
export const sideBySide = <L extends { accountId: string | null; account: string; balanceCents: number }>(
  sets: Array<L[] | undefined>,
  label: (l: L) => string,
): TableRow[] => {
  const keys: string[] = [];
  const byKey = new Map<string, { label: string; cents: Array<number | null> }>();
  sets.forEach((lines, i) => {
    for (const l of lines ?? []) {
      const key = l.accountId ?? `label:${l.account}`;
      if (!byKey.has(key)) {
        keys.push(key);
        byKey.set(key, { label: label(l), cents: sets.map((s) => (s ? 0 : null)) });
      }
      byKey.get(key)!.cents[i] = l.balanceCents;
    }
  });
  return keys.map((k) => ({ cells: [byKey.get(k)!.label, ...byKey.get(k)!.cents] }));
};

/** dd.mm.yyyy, as the documents print days. */
export const printedDay = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
