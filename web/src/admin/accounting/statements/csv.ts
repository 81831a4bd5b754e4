import { csvRow } from '../../../../../domain/shared/csv';

/**
 * RFC 4180 text with a BOM, so spreadsheet programs open non-Latin labels (el, ru) correctly; a
 * client or account name that starts like a formula is written as text (`csvCell`).
 */
export const toCsv = (rows: string[][]): string => `\uFEFF${rows.map(csvRow).join('\r\n')}\r\n`;

export const downloadCsv = (filename: string, rows: string[][]): void => {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
