import type { Response } from 'express';
import { renderUbl, UBL_MEDIA_TYPE, ublFilename } from './einvoice/ubl';
import { withPdf } from './invoice-document';
import { type PrintableDocument } from './printable-document';

export type DocumentFormat = 'pdf' | 'ubl';

/** Answers a document of record as its PDF or its EN 16931 UBL e-invoice, as a download. */
export const sendDocument = async (res: Response, printable: PrintableDocument, format: DocumentFormat): Promise<void> => {
  const file =
    format === 'pdf'
      ? await withPdf(printable).then((d) => ({ body: d.pdf, type: 'application/pdf', filename: d.filename }))
      : { body: Buffer.from(renderUbl(printable.document, printable.paymentReference, printable.mydata?.mark), 'utf8'), type: `${UBL_MEDIA_TYPE}; charset=utf-8`, filename: ublFilename(printable.document) };
  res.setHeader('Content-Type', file.type);
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.body);
};
