import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { isUuid, toIso } from '../../platform/wire';
import { transmitsToMyData } from './mydata.reactor';
import { ACTOR_NAME, ACTOR_NAME_JOINS } from '../../auth';

/** What the product knows of a document's transmission to myDATA. */
export interface MyDataState {
  documentId: string;
  kind: 'invoice' | 'credit_note' | null;
  /** not_transmitted: none is due (a company outside Greece, a draft) or myDATA is not configured; pending: to send (or to look up); transmitted; failed: AADE refused it. */
  status: 'not_transmitted' | 'pending' | 'transmitted' | 'failed';
  /** Whether this installation transmits at all (credentials configured, company in Greece). */
  configured: boolean;
  mark: string | null;
  uid: string | null;
  qrUrl: string | null;
  authenticationCode: string | null;
  invoiceType: string | null;
  number: string | null;
  errors: Array<{ code: string; message: string }>;
  transmittedAt: string | null;
  attempts: number;
  history: MyDataHistoryEntry[];
}

export interface MyDataHistoryEntry {
  at: string;
  action: string;
  outcome: string | null;
  detail: unknown;
  actor: string | null;
}

export interface MyDataDocumentRow {
  document_id: string;
  kind: 'invoice' | 'credit_note';
  invoice_id: string;
  number: string | null;
  status: 'pending' | 'transmitted' | 'failed';
  attempts: number;
  uid: string | null;
  mark: string | null;
  qr_url: string | null;
  authentication_code: string | null;
  invoice_type: string | null;
  errors: string | null;
  transmitted_at: Date | string | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : toIso(v));
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The MARK and QR URL printed on a document (PDF, UBL), or null while it has none. */
export const myDataMarkOf = async (db: Knex, documentId: string): Promise<{ mark: string; qrUrl: string | null } | null> => {
  const row = (await db('mydata_documents').where({ document_id: documentId, status: 'transmitted' }).first('mark', 'qr_url')) as { mark: string; qr_url: string | null } | undefined;
  return row ? { mark: row.mark, qrUrl: row.qr_url } : null;
};

/** Reads and re-sends transmissions (superuser). `configured`: credentials are set (MYDATA_*). */
export class MyDataTransmissions {
  constructor(
    private readonly db: Knex,
    private readonly configured: boolean,
  ) {}

  async state(documentId: string): Promise<MyDataState> {
    if (!isUuid(documentId)) throw new NotFoundError('Document not found.');
    const [row, greek] = await Promise.all([this.db('mydata_documents').where({ document_id: documentId }).first() as Promise<MyDataDocumentRow | undefined>, transmitsToMyData(this.db)]);
    const configured = this.configured && greek;
    if (!row && !(await this.isDocument(documentId))) throw new NotFoundError('Document not found.');
    if (!row) return { documentId, kind: null, status: 'not_transmitted', configured, mark: null, uid: null, qrUrl: null, authenticationCode: null, invoiceType: null, number: null, errors: [], transmittedAt: null, attempts: 0, history: [] };
    const history = (await this.db('mydata_attempts as a')
      .joinRaw(ACTOR_NAME_JOINS('a'))
      .where('a.document_id', documentId)
      .orderBy('a.id')
      .select('a.started_at', 'a.action', 'a.outcome', 'a.detail', this.db.raw(`${ACTOR_NAME} as actor`))) as Array<{ started_at: Date | string; action: string; outcome: string | null; detail: string | null; actor: string | null }>;
    return {
      documentId,
      kind: row.kind,
      status: row.status === 'pending' && !this.configured ? 'not_transmitted' : row.status,
      configured,
      mark: row.mark,
      uid: row.uid,
      qrUrl: row.qr_url,
      authenticationCode: row.authentication_code,
      invoiceType: row.invoice_type,
      number: row.number,
      errors: (parsed(row.errors) as MyDataState['errors'] | null) ?? [],
      transmittedAt: iso(row.transmitted_at),
      attempts: row.attempts,
      history: history.map((h) => ({ at: iso(h.started_at)!, action: h.action, outcome: h.outcome, detail: parsed(h.detail), actor: h.actor })),
    };
  }

  /** An invoice or a credit note by that id (a draft too: it is simply not transmitted). */
  private async isDocument(id: string): Promise<boolean> {
    const [invoice, note] = await Promise.all([this.db('invoice_list').where({ id }).first('id'), this.db('credit_notes').where({ id }).first('id')]);
    return Boolean(invoice ?? note);
  }

  /** Documents AADE refused, newest first: the admin inbox lists them until they are sent again. */
  async failures(): Promise<MyDataDocumentRow[]> {
    return (await this.db('mydata_documents').where({ status: 'failed' }).orderBy('updated_at', 'desc').limit(200)) as MyDataDocumentRow[];
  }

  /** A refused document goes again (after its fix): pending, due now, the request in its history under the user's name. */
  async sendAgain(documentId: string, actor: string): Promise<MyDataState> {
    if (!isUuid(documentId)) throw new NotFoundError('Document not found.');
    await this.db.transaction(async (trx) => {
      const row = (await trx('mydata_documents').where({ document_id: documentId }).forUpdate().first('status', 'attempts')) as { status: string; attempts: number } | undefined;
      if (!row) throw new NotFoundError('This document is not one to transmit to myDATA.');
      if (row.status !== 'failed') throw new ValidationError(row.status === 'transmitted' ? 'This document is already registered in myDATA.' : 'This document is already waiting to be sent to myDATA.');
      await trx('mydata_documents').where({ document_id: documentId }).update({ status: 'pending', next_attempt_at: trx.fn.now(), updated_at: trx.fn.now() });
      await trx('mydata_attempts').insert({ document_id: documentId, attempt: row.attempts, action: 'retry', outcome: null, actor, finished_at: trx.fn.now() });
    });
    return this.state(documentId);
  }
}
