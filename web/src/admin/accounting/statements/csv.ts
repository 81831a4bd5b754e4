const cell = (value: string): string => (/[",\n\r;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** RFC 4180 text with a BOM, so spreadsheet programs open non-Latin labels (el, ru) correctly. */
export const toCsv = (rows: string[][]): string => `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

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
