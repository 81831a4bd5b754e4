import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  BILL_DOCUMENT_NOT_FOUND,
  DOCUMENT_EMPTY,
  DOCUMENT_TYPE_REFUSED,
  DOCUMENTS_FULL,
  DOCUMENTS_OF_POSTED_BILL,
  documentFilename,
  EINVOICE_STAYS,
  MAX_DOCUMENTS_PER_BILL,
  sniffDocumentType,
  viewableInline,
  type BillDocumentKind,
} from '../../domain/bill/documents';
import type { EinvoiceWarning } from '../../domain/bill/from-einvoice';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { writeAudit } from '../platform/audit';
import type { AppDeps } from '../platform/deps';
import { isUuid, toIso } from '../platform/wire';

const INVALID = 'Please correct the errors below.';
const BILL_NOT_FOUND = 'Bill not found.';

export interface BillDocumentWire {
  id: string;
  kind: BillDocumentKind;
  filename: string;
  mime_type: string;
  size: number;
  sha256: string;
  created_at: string | null;
  /** Where its bytes are read (GET, the superuser's). */
  url: string;
}

/** A document to keep with a bill, bytes and all. */
export interface NewBillDocument {
  kind: BillDocumentKind;
  filename: string;
  mimeType: string;
  content: Buffer;
  warnings?: EinvoiceWarning[];
}

interface DocumentRow {
  id: string;
  bill_id: string;
  kind: BillDocumentKind;
  filename: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  warnings: unknown;
  created_at: Date | string;
}

const LISTED = ['id', 'bill_id', 'kind', 'filename', 'mime_type', 'size_bytes', 'sha256', 'warnings', 'created_at'];

const wire = (r: DocumentRow): BillDocumentWire => ({
  id: r.id,
  kind: r.kind,
  filename: r.filename,
  mime_type: r.mime_type,
  size: Number(r.size_bytes),
  sha256: r.sha256,
  created_at: toIso(r.created_at),
  url: `/api/bills/${r.bill_id}/documents/${r.id}/`,
});

/** What a bill's answer carries of its documents: the list, and the warnings its e-invoice was imported with. */
export interface BillPapers {
  documents: BillDocumentWire[];
  einvoiceWarnings: EinvoiceWarning[] | null;
}

/**
 * A bill's documents (table `bill_documents`): its e-invoice as received and files attached, each
 * with its SHA-256. Added and removed only while the bill is a draft; the e-invoice it was imported
 * from stays with it. Every change is in the audit log.
 */
export class BillDocumentService {
  constructor(private readonly deps: AppDeps) {}

  /** The papers of each bill named, in the order they were added. */
  async papersOf(billIds: readonly string[]): Promise<Map<string, BillPapers>> {
    const out = new Map<string, BillPapers>(billIds.map((id) => [id, { documents: [], einvoiceWarnings: null }]));
    if (billIds.length === 0) return out;
    const rows = (await this.deps.db('bill_documents').whereIn('bill_id', [...new Set(billIds)]).orderByRaw("created_at, case when kind = 'einvoice' then 0 else 1 end, filename, id").select(LISTED)) as DocumentRow[];
    for (const r of rows) {
      const papers = out.get(r.bill_id)!;
      papers.documents.push(wire(r));
      if (r.kind === 'einvoice') papers.einvoiceWarnings = (typeof r.warnings === 'string' ? JSON.parse(r.warnings) : r.warnings) as EinvoiceWarning[];
    }
    return out;
  }

  /** Attaches an uploaded file to a draft bill: a PDF, PNG or JPEG as its bytes prove, at most 10 MB (the upload's limit). */
  async attach(billId: string, file: { buffer: Buffer; originalname: string }, actor: string): Promise<BillDocumentWire> {
    await this.draft(billId);
    if (file.buffer.length === 0) throw new ValidationError(INVALID, { file: [DOCUMENT_EMPTY] });
    const mimeType = sniffDocumentType(file.buffer);
    if (!mimeType) throw new ValidationError(INVALID, { file: [DOCUMENT_TYPE_REFUSED] });
    const count = (await this.deps.db('bill_documents').where({ bill_id: billId }).count<{ n: string }[]>({ n: '*' }))[0]!;
    if (Number(count.n) >= MAX_DOCUMENTS_PER_BILL) throw new ConflictError(DOCUMENTS_FULL);
    const extension = mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : 'jpg';
    const [row] = await this.insert(this.deps.db, billId, [{ kind: 'attachment', filename: documentFilename(file.originalname, `document.${extension}`), mimeType, content: file.buffer }], actor);
    return wire(row!);
  }

  /** Keeps documents with a bill (an import's e-invoice and its embedded files), audited, in one transaction. */
  async insert(db: Knex, billId: string, documents: readonly NewBillDocument[], actor: string): Promise<DocumentRow[]> {
    if (documents.length === 0) return [];
    const at = this.deps.clock();
    const rows = documents.map((d) => ({
      id: randomUUID(),
      bill_id: billId,
      kind: d.kind,
      filename: d.filename,
      mime_type: d.mimeType,
      size_bytes: d.content.length,
      sha256: createHash('sha256').update(d.content).digest('hex'),
      content: d.content,
      warnings: d.warnings ? JSON.stringify(d.warnings) : null,
      created_by: actor,
      created_at: at,
    }));
    await db.transaction(async (trx) => {
      await trx('bill_documents').insert(rows);
      for (const { content: _c, warnings: _w, ...after } of rows) await writeAudit(trx, { actor, entity: 'bill_document', entityId: after.id, action: 'create', before: null, after, at });
    });
    return rows.map((r) => ({ ...r, warnings: r.warnings }));
  }

  /** Takes back documents an import kept before its bill could be written. */
  async discard(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.deps.db('bill_documents').whereIn('id', ids).delete();
  }

  /** A document's bytes, and whether a browser may show it in the page. */
  async content(billId: string, documentId: string): Promise<{ filename: string; mimeType: string; content: Buffer; inline: boolean }> {
    const row = isUuid(billId) && isUuid(documentId) ? ((await this.deps.db('bill_documents').where({ id: documentId, bill_id: billId }).first('filename', 'mime_type', 'content')) as { filename: string; mime_type: string; content: Buffer } | undefined) : undefined;
    if (!row) throw new NotFoundError(BILL_DOCUMENT_NOT_FOUND);
    const content = Buffer.from(row.content);
    return { filename: row.filename, mimeType: row.mime_type, content, inline: viewableInline(row.mime_type, content) };
  }

  async remove(billId: string, documentId: string, actor: string): Promise<void> {
    await this.draft(billId);
    const row = isUuid(documentId) ? ((await this.deps.db('bill_documents').where({ id: documentId, bill_id: billId }).first(LISTED)) as DocumentRow | undefined) : undefined;
    if (!row) throw new NotFoundError(BILL_DOCUMENT_NOT_FOUND);
    if (row.kind === 'einvoice') throw new ConflictError(EINVOICE_STAYS);
    const at = this.deps.clock();
    await this.deps.db.transaction(async (trx) => {
      await trx('bill_documents').where({ id: documentId }).delete();
      const { warnings: _w, ...before } = row;
      await writeAudit(trx, { actor, entity: 'bill_document', entityId: documentId, action: 'delete', before, after: null, at });
    });
  }

  private async draft(billId: string): Promise<void> {
    const bill = isUuid(billId) ? ((await this.deps.db('bill_list').where({ id: billId }).first('status')) as { status: string } | undefined) : undefined;
    if (!bill) throw new NotFoundError(BILL_NOT_FOUND);
    if (bill.status !== 'draft') throw new ConflictError(DOCUMENTS_OF_POSTED_BILL);
  }
}
