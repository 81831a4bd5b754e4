/**
 * A bill's documents: the supplier's e-invoice as received (kind `einvoice`) and files attached to
 * it (kind `attachment`: the original as PDF or image, or what an e-invoice embedded). Each is kept
 * with its SHA-256. A posted bill's documents are part of its record: none is added or removed.
 */
import { ATTACHMENT_MAX_BYTES } from '../einvoice/inbound';

export type BillDocumentKind = 'einvoice' | 'attachment';

/** The most one attached file may be (10 MB), as an e-invoice's embedded one. */
export const BILL_DOCUMENT_MAX_BYTES = ATTACHMENT_MAX_BYTES;
export const MAX_DOCUMENTS_PER_BILL = 10;

export const BILL_DOCUMENT_NOT_FOUND = 'Document not found.';
export const DOCUMENT_TYPE_REFUSED = 'Attach the document as a PDF, PNG or JPEG file.';
export const DOCUMENT_EMPTY = 'The file is empty.';
export const DOCUMENTS_FULL = `A bill keeps at most ${MAX_DOCUMENTS_PER_BILL} documents.`;
export const DOCUMENTS_OF_POSTED_BILL = 'This bill has been posted: its documents are part of its record and cannot change.';
export const EINVOICE_STAYS = 'The e-invoice the bill was imported from stays with it.';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

/** What a file is by its first bytes, not by its name or the type a browser claims: PDF, PNG or JPEG, or null. */
export const sniffDocumentType = (bytes: Uint8Array): 'application/pdf' | 'image/png' | 'image/jpeg' | null => {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
};

/** Whether a browser may show the document in the page (a PDF or an image the bytes prove to be one). */
export const viewableInline = (mimeType: string, bytes: Uint8Array): boolean => sniffDocumentType(bytes) === mimeType;

/** A file name as kept: its last path segment, no control characters, at most 200 characters. */
export const documentFilename = (name: string, fallback: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 200);
};
