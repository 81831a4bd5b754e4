import { v5 as uuidv5 } from 'uuid';
import { dueReminderStep, issuedOnOf, type ReminderSubject } from '../../domain/billing/reminders';
import { invoiceStreamId } from '../../domain/invoice/events';
import { isCancelled, isPaid, openCents, settlementOf, type InvoiceState } from '../../domain/invoice/invoice';
import { decodeInvoiceEvent } from '../../domain/invoice/stream';
import { daysBetween, dayOf, type IsoDate } from '../../domain/shared/dates';
import { formatAmount } from '../../domain/shared/money';
import { writePathOf } from '../write/write-path';
import type { AppDeps } from '../platform/deps';
import { attachment, enqueueMail } from '../platform/mail/outbox';
import { mailCompanyOf, readCompanySettings } from '../company';
import { buildInvoiceDocument, payUrlOf } from './invoice-document';
import { invoiceModel } from './invoice-stream';
import { openCentsSql, whereUnpaid } from './invoice.queries';
import { mailDay } from './invoice-mail.texts';
import { reminderMail } from './reminder-mail.texts';
import { renderMail } from '../platform/mail/branded-mail';
import { mailLanguage } from '../platform/mail/language';
import { toIso } from '../platform/wire';

/** Fixed namespace: the reminder of (invoice, step) has the same id in every process, forever. */
const REMINDER_NAMESPACE = '2d8e5a71-6c3f-4b9e-a0d4-7f15c2e8b364';
export const reminderId = (invoiceId: string, step: number): string => uuidv5(`${invoiceId}/${step}`, REMINDER_NAMESPACE);

export const REMINDER_ACTOR = 'scheduler';
export const REMINDER_HISTORY_TYPE = 'PaymentReminderSent';

/**
 * The invoice list does not know the day an invoice was sent; taking it as long ago can only let
 * more invoices through to the exact check on the invoice's own stream.
 */
const LONG_AGO: IsoDate = '1900-01-01';
const PAGE = 500;

export interface ReminderRunResult {
  /** Invoices the read model showed with a step due. */
  checked: number;
  sent: number;
}

interface CandidateRow {
  id: string;
  due_date: string;
  /** As the read model has it (pg answers a bigint expression as a string). */
  open_cents: number | string;
}

/**
 * Sends the payment reminders that are due (domain/billing/reminders.ts decides which). Each
 * (invoice, step) has one deterministic id, inserted in the transaction that queues the mail: two
 * processes running at once, or a run retried after a crash, queue it once.
 */
export class PaymentReminders {
  constructor(private readonly deps: AppDeps) {}

  async run(options: { today?: IsoDate } = {}): Promise<ReminderRunResult> {
    const today = options.today ?? dayOf(this.deps.clock());
    const schedule = (await readCompanySettings(this.deps.db)).reminder_days;
    const result: ReminderRunResult = { checked: 0, sent: 0 };
    if (schedule.length === 0) return result;
    for (let after = ''; ; ) {
      const rows = await this.candidates(schedule, today, after);
      if (rows.length === 0) return result;
      after = rows.at(-1)!.id;
      const sent = await this.sentSteps(rows.map((r) => r.id));
      for (const row of rows) {
        const guess = dueReminderStep(schedule, today, {
          dueDate: row.due_date,
          issuedOn: LONG_AGO,
          openCents: Number(row.open_cents),
          paid: false,
          cancelled: false,
          clientExcluded: false,
          sentSteps: sent.get(row.id) ?? [],
        });
        if (guess === null) continue;
        result.checked++;
        if (await this.remind(row.id, schedule, today)) result.sent++;
      }
    }
  }

  /**
   * Live, issued invoices with something owed, of clients not excluded, whose earliest step has
   * come and whose last step has not been sent, by id from `after`.
   */
  private candidates(schedule: readonly number[], today: IsoDate, after: string): Promise<CandidateRow[]> {
    const [earliest, latest] = [Math.min(...schedule), Math.max(...schedule)];
    const db = this.deps.db;
    return whereUnpaid(db('invoice_list as i').join('clients as c', 'c.id', 'i.client_id'), 'i')
      .where('c.reminders_excluded', false)
      .where('i.issued', true)
      .whereRaw(`${openCentsSql('i')} > 0`)
      .whereRaw('i.due_date <= ?::date - ?::int', [today, earliest])
      .whereNotExists((q) => q.select(db.raw('1')).from('payment_reminders as r').whereRaw('r.invoice_id = i.id').where('r.step_days', '>=', latest))
      .where('i.id', '>', after || '00000000-0000-0000-0000-000000000000')
      .orderBy('i.id')
      .limit(PAGE)
      .select('i.id', 'i.due_date', db.raw(`${openCentsSql('i')} as open_cents`));
  }

  private async sentSteps(invoiceIds: string[]): Promise<Map<string, number[]>> {
    const rows: { invoice_id: string; step_days: number }[] = await this.deps.db('payment_reminders').whereIn('invoice_id', invoiceIds).select('invoice_id', 'step_days');
    const out = new Map<string, number[]>();
    for (const r of rows) out.set(r.invoice_id, [...(out.get(r.invoice_id) ?? []), r.step_days]);
    return out;
  }

  /** Decides on the invoice's own stream (the read model may lag) and, when a step is due, claims it and queues the mail. */
  private async remind(invoiceId: string, schedule: readonly number[], today: IsoDate): Promise<boolean> {
    const db = this.deps.db;
    const { state, events, revision } = await writePathOf(this.deps).commands.load(invoiceModel, invoiceStreamId(invoiceId));
    if (state.status !== 'issued') return false;
    const client: { email: string; reminders_excluded: boolean } | undefined = await db('clients').where({ id: state.clientId }).first('email', 'reminders_excluded');
    if (!client?.email) return false;
    const subject: ReminderSubject = {
      dueDate: state.dueDate,
      issuedOn: issuedOnOf(events.map(decodeInvoiceEvent)),
      openCents: openCents(state),
      paid: isPaid(settlementOf(state)),
      cancelled: isCancelled(settlementOf(state)),
      clientExcluded: client.reminders_excluded,
      sentSteps: (await this.sentSteps([invoiceId])).get(invoiceId) ?? [],
    };
    const step = dueReminderStep(schedule, today, subject);
    if (step === null) return false;
    const mail = await this.message(state, today, subject.openCents);
    const id = reminderId(invoiceId, step);
    const key = `payment-reminder:${id}`;
    return db.transaction(async (trx) => {
      const claimed = await trx('payment_reminders')
        .insert({
          id,
          invoice_id: invoiceId,
          step_days: step,
          due_date: state.dueDate,
          open_cents: subject.openCents,
          to: client.email,
          language: mail.language,
          mail_key: key,
          invoice_revision: revision === 'no_stream' ? 0 : revision,
          sent_at: this.deps.clock(),
        })
        .onConflict('id')
        .ignore()
        .returning('id');
      if (claimed.length === 0) return false;
      await enqueueMail(trx, { key, to: client.email, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
      return true;
    });
  }

  /** The reminder in the client's language with the pay link and the invoice PDF (not the e-invoice: a buyer's system could book it twice). */
  private async message(invoice: Extract<InvoiceState, { status: 'issued' }>, today: IsoDate, open: number) {
    const payUrl = payUrlOf(this.deps.config.publicBaseUrl, invoice.invoiceId);
    const doc = await buildInvoiceDocument(this.deps.db, invoice, payUrl);
    const { subject, content } = reminderMail(doc.language, {
      clientName: doc.document.buyer.name,
      invoiceNumber: invoice.invoiceNumber,
      total: formatAmount(invoice.totals.grossCents, invoice.fx?.currency ?? 'EUR', doc.language),
      open: formatAmount(open, invoice.fx?.currency ?? 'EUR', doc.language),
      dueDate: mailDay(invoice.dueDate),
      daysFromDue: daysBetween(invoice.dueDate, today),
      payUrl,
    }, await mailCompanyOf(this.deps.db, mailLanguage(doc.language)));
    return { subject, ...(await renderMail(content, subject)), language: doc.language, attachments: [attachment(doc.filename, 'application/pdf', doc.pdf)] };
  }
}

export interface ReminderHistoryEntry {
  type: typeof REMINDER_HISTORY_TYPE;
  at: string;
  actor: string;
  revision: number;
  data: { step: number; dueDate: string; openCents: number; to: string; language: string };
}

/** The reminders sent for an invoice, oldest first, as entries of its history. */
export const reminderHistory = async (db: AppDeps['db'], invoiceId: string): Promise<ReminderHistoryEntry[]> => {
  const rows = await db('payment_reminders').where({ invoice_id: invoiceId }).orderBy('sent_at').orderBy('step_days');
  return rows.map((r) => ({
    type: REMINDER_HISTORY_TYPE,
    at: toIso(r.sent_at),
    actor: REMINDER_ACTOR,
    revision: r.invoice_revision,
    data: { step: r.step_days, dueDate: r.due_date, openCents: Number(r.open_cents), to: r.to, language: r.language },
  }));
};

/** Events (in stream order) and reminders (oldest first) in one list by time; an event keeps its place before a reminder of the same instant. */
export const inTimeOrder = <E extends { at: string }>(events: readonly E[], reminders: readonly ReminderHistoryEntry[]): (E | ReminderHistoryEntry)[] => {
  const out: (E | ReminderHistoryEntry)[] = [];
  let r = 0;
  for (const e of events) {
    while (r < reminders.length && reminders[r]!.at < e.at) out.push(reminders[r++]!);
    out.push(e);
  }
  return [...out, ...reminders.slice(r)];
};
