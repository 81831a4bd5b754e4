import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { AppError, NotFoundError } from '../../../domain/shared/errors';
import { invoicesDocXml } from '../../../domain/tax/mydata/invoices-doc';
import { MY_DATA_SUCCESS, MyDataResponseError, type MyDataResponse } from '../../../domain/tax/mydata/response';
import type { MyDataSource } from '../../../domain/tax/mydata/types';
import { myDataSourceUid } from '../../../domain/tax/mydata/uid';
import { myDataInvoiceType } from '../../../domain/tax/mydata/invoice-type';
import { MyDataLostAnswer, MyDataRequestRefused, type MyDataProvider } from './provider';

/** How long a claimed document stays out of other dispatchers' reach; after it, a dispatcher that died mid-call is taken over (and looks the document up first). */
export const MYDATA_LEASE_S = 120;
const MAX_BACKOFF_S = 3600;
/** AADE's kinds of answer that say the document was not read at all: sent again later, as it is. */
const TRANSIENT_STATUS = new Set(['TechnicalError']);

export interface MyDataRow {
  document_id: string;
  kind: 'invoice' | 'credit_note';
  invoice_id: string;
  attempts: number;
}

/** The document as it must be transmitted: built from the event store and settings when it is claimed. */
export type MyDataDocumentSource = (db: Knex, row: MyDataRow, correlatedMark: string | null) => Promise<MyDataSource>;

interface Claimed {
  row: MyDataRow;
  attempt: number;
  /** Set when an earlier call may have reached AADE without its answer coming back: look it up first, from this MARK on. */
  lookUpAfter: string | null | undefined;
  /** The credited invoice's MARK (credit notes), or null. */
  correlatedMark: string | null;
}

type Outcome =
  | { kind: 'transmitted'; uid: string; mark: string; qrUrl?: string; authenticationCode?: string; invoiceType: string; action: 'sent' | 'found' }
  | { kind: 'rejected'; errors: Array<{ code: string; message: string }>; retry: boolean }
  | { kind: 'lost'; message: string }
  | { kind: 'refused'; message: string };

const backoffSeconds = (attempt: number): number => Math.min(MAX_BACKOFF_S, 2 ** Math.max(0, attempt - 1) * 10);

/**
 * Transmits the documents of `mydata_documents` to myDATA, each exactly once whatever crashes,
 * retries or second dispatchers happen:
 *
 * 1. a committed claim leases the row (FOR UPDATE SKIP LOCKED: one dispatcher per document) and
 *    records the attempt; a credit note waits until its invoice is transmitted (it names its MARK);
 * 2. before any SendInvoices a `sent` attempt is committed, so a dispatcher that dies during the
 *    call (or a call whose answer is lost) leaves a trace: the next claim looks the document up by
 *    its UID among what AADE registered since the MARK known then, and only sends it again when
 *    AADE has none;
 * 3. the answer is recorded: the MARK, UID, QR URL and authentication code; or AADE's errors (the
 *    document is `failed` until someone sends it again after a fix; a TechnicalError is retried).
 */
export class MyDataDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;
  private halting = false;

  constructor(
    private readonly db: Knex,
    private readonly provider: MyDataProvider,
    private readonly options: { source: MyDataDocumentSource; logger: Logger; intervalMs?: number; leaseSeconds?: number },
  ) {}

  start(): void {
    this.stopped = false;
    const tick = async () => {
      await this.drain().catch((err) => this.options.logger.error({ err }, 'myDATA transmission failed'));
      if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs ?? 5000);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Ends the timer and the pass under way after its current document; `drain` may still be called. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.halting = true;
    await this.running?.catch(() => 0);
    this.halting = false;
  }

  /** Transmits every document due now; answers how many were transmitted. One pass at a time. */
  drain(): Promise<number> {
    this.running ??= this.drainOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async drainOnce(): Promise<number> {
    let transmitted = 0;
    for (;;) {
      if (this.halting) return transmitted;
      const claimed = await this.claim();
      if (!claimed) return transmitted;
      const outcome = await this.transmit(claimed);
      await this.record(claimed, outcome);
      if (outcome.kind === 'transmitted') transmitted++;
    }
  }

  /** The first due document, leased, with its attempt recorded, in one committed transaction. */
  private claim(): Promise<Claimed | undefined> {
    return this.db.transaction(async (trx) => {
      const row = (await trx('mydata_documents as d')
        .where('d.status', 'pending')
        .where('d.next_attempt_at', '<=', trx.fn.now())
        // A credit note goes after its invoice (5.1 names the invoice's MARK); one of an invoice myDATA never had goes alone (5.2).
        .where((w) =>
          w.where('d.kind', 'invoice').orWhereNotExists(function () {
            this.from('mydata_documents as i').whereRaw('i.document_id = d.invoice_id').whereNot('i.status', 'transmitted');
          }),
        )
        .orderBy([{ column: 'd.next_attempt_at' }, { column: 'd.created_at' }])
        .forUpdate()
        .skipLocked()
        .first('d.document_id', 'd.kind', 'd.invoice_id', 'd.attempts')) as MyDataRow | undefined;
      if (!row) return undefined;
      const attempt = row.attempts + 1;
      await trx('mydata_documents')
        .where({ document_id: row.document_id })
        .update({ attempts: attempt, next_attempt_at: trx.raw('now() + make_interval(secs => ?)', [this.options.leaseSeconds ?? MYDATA_LEASE_S]), updated_at: trx.fn.now() });
      // The last call: one whose answer never came (no outcome, or lost) may have registered the document.
      const last = (await trx('mydata_attempts').where({ document_id: row.document_id, action: 'sent' }).orderBy('id', 'desc').first('outcome', 'after_mark')) as { outcome: string | null; after_mark: string | null } | undefined;
      const lookUpAfter = last && (last.outcome === null || last.outcome === 'lost') ? last.after_mark : undefined;
      const invoice = row.kind === 'credit_note' ? ((await trx('mydata_documents').where({ document_id: row.invoice_id }).first('mark')) as { mark: string | null } | undefined) : undefined;
      return { row, attempt, lookUpAfter, correlatedMark: invoice?.mark ?? null };
    });
  }

  private async transmit(claimed: Claimed): Promise<Outcome> {
    let source: MyDataSource;
    let xml: string;
    try {
      source = await this.options.source(this.db, claimed.row, claimed.correlatedMark);
      xml = invoicesDocXml([source]);
    } catch (err) {
      // A credit note the read model has not caught up with yet: tried again, nothing was sent.
      if (err instanceof NotFoundError) return { kind: 'refused', message: err.message };
      // What the product cannot state in myDATA (a VAT rate AADE does not know, a classification it does not accept) waits for a fix.
      if (err instanceof AppError) return { kind: 'rejected', errors: [{ code: 'document', message: err.message }], retry: false };
      throw err;
    }
    const uid = myDataSourceUid(source);
    const invoiceType = myDataInvoiceType(source.document, source.correlatedMark);
    await this.db('mydata_documents').where({ document_id: claimed.row.document_id }).update({ uid, invoice_type: invoiceType, number: source.document.number, issue_date: source.document.issueDate });
    try {
      if (claimed.lookUpAfter !== undefined) {
        const found = await this.provider.lookup(uid, claimed.lookUpAfter);
        await this.note(claimed, 'lookup', found ? 'found' : 'not_found', found ? { mark: found.mark } : null);
        if (found) return { kind: 'transmitted', uid: found.uid, mark: found.mark, ...(found.qrUrl ? { qrUrl: found.qrUrl } : {}), invoiceType, action: 'found' };
      }
      // Committed before the call: a crash from here on leaves an attempt without outcome, which the next claim looks up.
      const afterMark = await this.highestMark();
      await this.db('mydata_attempts').insert({ document_id: claimed.row.document_id, attempt: claimed.attempt, action: 'sent', after_mark: afterMark });
      const [response] = await this.provider.send(xml);
      if (!response) return { kind: 'lost', message: 'myDATA answered without a response for the document.' };
      return this.outcomeOf(response, uid, invoiceType);
    } catch (err) {
      if (err instanceof MyDataLostAnswer || err instanceof MyDataResponseError) return { kind: 'lost', message: err.message };
      if (err instanceof MyDataRequestRefused) return { kind: 'refused', message: err.message };
      return { kind: 'lost', message: (err as Error).message ?? String(err) };
    }
  }

  private outcomeOf(r: MyDataResponse, uid: string, invoiceType: string): Outcome {
    if (r.statusCode === MY_DATA_SUCCESS && r.invoiceMark) {
      return { kind: 'transmitted', uid: r.invoiceUid ?? uid, mark: r.invoiceMark, ...(r.qrUrl ? { qrUrl: r.qrUrl } : {}), ...(r.authenticationCode ? { authenticationCode: r.authenticationCode } : {}), invoiceType, action: 'sent' };
    }
    const errors = r.errors.length ? r.errors : [{ code: r.statusCode, message: `myDATA answered ${r.statusCode}.` }];
    return { kind: 'rejected', errors, retry: TRANSIENT_STATUS.has(r.statusCode) };
  }

  /** The highest MARK this product holds: AADE numbers registrations in order, so a lost one is after it. */
  private async highestMark(): Promise<string | null> {
    const row = (await this.db('mydata_documents').whereNotNull('mark').orderByRaw('length(mark) desc, mark desc').first('mark')) as { mark: string } | undefined;
    return row?.mark ?? null;
  }

  private async note(claimed: Claimed, action: string, outcome: string, detail: unknown): Promise<void> {
    await this.db('mydata_attempts').insert({ document_id: claimed.row.document_id, attempt: claimed.attempt, action, outcome, detail: detail === null ? null : JSON.stringify(detail), finished_at: this.db.fn.now() });
  }

  /** Writes the outcome on the document and on its open `sent` attempt, unless a later attempt has taken the document over. */
  private async record(claimed: Claimed, outcome: Outcome): Promise<void> {
    const id = claimed.row.document_id;
    await this.db.transaction(async (trx) => {
      const mine = trx('mydata_documents').where({ document_id: id, attempts: claimed.attempt, status: 'pending' });
      const sentAttempt = trx('mydata_attempts').where({ document_id: id, attempt: claimed.attempt, action: 'sent' }).whereNull('outcome');
      switch (outcome.kind) {
        case 'transmitted': {
          const { kind: _kind, action, ...facts } = outcome;
          await mine.update({ status: 'transmitted', uid: facts.uid, mark: facts.mark, qr_url: facts.qrUrl ?? null, authentication_code: facts.authenticationCode ?? null, invoice_type: facts.invoiceType, errors: null, transmitted_at: trx.fn.now(), updated_at: trx.fn.now() });
          if (action === 'sent') await sentAttempt.update({ outcome: 'transmitted', detail: JSON.stringify({ mark: facts.mark, uid: facts.uid }), finished_at: trx.fn.now() });
          break;
        }
        case 'rejected': {
          const errors = JSON.stringify(outcome.errors);
          await mine.update({
            status: outcome.retry ? 'pending' : 'failed',
            errors,
            next_attempt_at: trx.raw('now() + make_interval(secs => ?)', [backoffSeconds(claimed.attempt)]),
            updated_at: trx.fn.now(),
          });
          const updated = await sentAttempt.update({ outcome: 'rejected', detail: errors, finished_at: trx.fn.now() });
          // Refused before any call (the document cannot be stated in myDATA): its own line in the history.
          if (updated === 0) await trx('mydata_attempts').insert({ document_id: id, attempt: claimed.attempt, action: 'build', outcome: 'rejected', detail: errors, finished_at: trx.fn.now() });
          break;
        }
        case 'lost':
        case 'refused': {
          await mine.update({ errors: JSON.stringify([{ code: outcome.kind, message: outcome.message }]), next_attempt_at: trx.raw('now() + make_interval(secs => ?)', [backoffSeconds(claimed.attempt)]), updated_at: trx.fn.now() });
          const updated = await sentAttempt.update({ outcome: outcome.kind, detail: JSON.stringify({ message: outcome.message }), finished_at: trx.fn.now() });
          if (updated === 0) await trx('mydata_attempts').insert({ document_id: id, attempt: claimed.attempt, action: 'lookup', outcome: outcome.kind, detail: JSON.stringify({ message: outcome.message }), finished_at: trx.fn.now() });
          break;
        }
      }
    });
    if (outcome.kind !== 'transmitted') this.options.logger.warn({ documentId: id, attempt: claimed.attempt, outcome }, 'myDATA did not register the document');
  }
}
