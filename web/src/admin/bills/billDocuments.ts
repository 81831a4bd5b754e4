import { BILL_DOCUMENT_MAX_BYTES } from '../../../../domain/bill/documents';
import type { BillDocumentView } from './billApi';

/**
 * How the browser shows a document the server proved to be a PDF or an image: in the page (the
 * server lets its own pages frame such a document) or, a PDF, in a tab of its own; null: only
 * downloaded (the e-invoice's XML).
 */
export const previewOf = (d: Pick<BillDocumentView, 'mime_type'>): 'pdf' | 'image' | null =>
  d.mime_type === 'application/pdf' ? 'pdf' : d.mime_type === 'image/png' || d.mime_type === 'image/jpeg' ? 'image' : null;

/** A file's size as the reader's language writes it: bytes, kB or MB (of 1,024 bytes, as the server's 10 MB limit counts them). */
export const formatFileSize = (bytes: number, lng: string): string => {
  const [value, unit] = bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / (1024 * 1024), 'megabyte'];
  return new Intl.NumberFormat(lng, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 }).format(value);
};

/** Whether a file chosen to attach is over the most the server keeps (10 MB), so it is refused before it is sent. */
export const tooLargeToAttach = (file: Pick<File, 'size'>): boolean => file.size > BILL_DOCUMENT_MAX_BYTES;

/** The most an attached file may be, said in the reader's language. */
export const attachLimit = (lng: string): string =>
  new Intl.NumberFormat(lng, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 0 }).format(BILL_DOCUMENT_MAX_BYTES / (1024 * 1024));
