import type { TFunction } from 'i18next';
import type { SiteLanguage } from '../../../../domain/site/site-map';
import { formatDate, formatMoney } from '../../common/format';
import { LANGUAGE_LABELS } from '../../i18n';
import { reminderDayLabel } from '../settings/reminderDays';

/** One line of "what changed": a value, or a before/after pair. */
export interface Change {
  label: string;
  value?: string;
  before?: string;
  after?: string;
}

export interface DescribedEvent {
  title: string;
  changes: Change[];
}

interface Line {
  accountId: string;
  debitCents: number;
  creditCents: number;
}
interface Posted {
  date: string;
  description: string;
  lines: Line[];
}
interface Totals {
  grossCents: number;
}

type Data = Record<string, unknown>;

const lineText = (l: Line, accountName: (id: string) => string, t: TFunction) =>
  `${accountName(l.accountId)}: ${l.debitCents > 0 ? `${t('admin.history.debit')} ${formatMoney(l.debitCents)}` : `${t('admin.history.credit')} ${formatMoney(l.creditCents)}`}`;

const linesText = (lines: Line[], accountName: (id: string) => string, t: TFunction) => lines.map((l) => lineText(l, accountName, t)).join('; ');

const postedChanges = (p: Posted, accountName: (id: string) => string, t: TFunction): Change[] => [
  { label: t('admin.history.fields.date'), value: formatDate(p.date) },
  ...(p.description ? [{ label: t('admin.history.fields.description'), value: p.description }] : []),
  { label: t('admin.history.fields.lines'), value: linesText(p.lines, accountName, t) },
];

/** Before/after pairs for what a correction changed; unchanged fields are left out. */
const diff = (before: Posted, after: Posted, accountName: (id: string) => string, t: TFunction): Change[] => {
  const out: Change[] = [];
  if (before.date !== after.date) out.push({ label: t('admin.history.fields.date'), before: formatDate(before.date), after: formatDate(after.date) });
  if (before.description !== after.description) out.push({ label: t('admin.history.fields.description'), before: before.description || '—', after: after.description || '—' });
  const b = linesText(before.lines, accountName, t);
  const a = linesText(after.lines, accountName, t);
  if (a !== b) out.push({ label: t('admin.history.fields.lines'), before: b, after: a });
  return out;
};

/** The amount and date every money movement after a payment carries. */
const moneyOn = (data: Data, t: TFunction, money: (cents: number) => string): Change[] => [
  { label: t('admin.history.fields.amount'), value: money(Number(data.amountCents)) },
  { label: t('admin.history.fields.date'), value: formatDate(String(data.date)) },
];

/**
 * A human reading of one stored event (journal or invoice stream), or of a payment reminder sent. Unknown types, e.g. from a
 * newer schema, still show their type and raw data rather than nothing. `money` writes an invoice's amounts (integer
 * hundredths of its currency; euros by default); a journal entry's lines are always in euros.
 */
export const describeEvent = (type: string, data: Data, accountName: (id: string) => string, t: TFunction, money: (cents: number) => string = formatMoney): DescribedEvent => {
  const title = t(`admin.history.events.${type}`, { defaultValue: type });
  switch (type) {
    case 'JournalEntryRecorded':
      return { title, changes: postedChanges(data as unknown as Posted, accountName, t) };
    case 'JournalEntryCorrected':
      return { title, changes: diff((data as { previous: Posted }).previous, data as unknown as Posted, accountName, t) };
    case 'JournalEntryDeleted':
      return { title, changes: [{ label: t('admin.history.fields.reversed'), value: linesText((data as { previous: Posted }).previous.lines, accountName, t) }] };
    case 'InvoiceIssued':
      return {
        title,
        changes: [
          { label: t('admin.history.fields.invoiceNumber'), value: String(data.invoiceNumber) },
          { label: t('admin.history.fields.date'), value: formatDate(String(data.date)) },
          { label: t('admin.history.fields.dueDate'), value: formatDate(String(data.dueDate)) },
          { label: t('admin.history.fields.total'), value: money((data.totals as Totals).grossCents) },
        ],
      };
    case 'InvoiceEdited': {
      const changes: Change[] = [];
      if (data.previousDate !== data.date) changes.push({ label: t('admin.history.fields.date'), before: formatDate(String(data.previousDate)), after: formatDate(String(data.date)) });
      const before = (data.previousTotals as Totals).grossCents;
      const after = (data.totals as Totals).grossCents;
      changes.push(before !== after ? { label: t('admin.history.fields.total'), before: money(before), after: money(after) } : { label: t('admin.history.fields.total'), value: money(after) });
      changes.push({ label: t('admin.history.fields.dueDate'), value: formatDate(String(data.dueDate)) });
      return { title, changes };
    }
    case 'InvoiceSent':
      return { title, changes: [{ label: t('admin.history.fields.to'), value: String(data.to) }] };
    case 'PaymentRecorded':
      return {
        title,
        changes: [
          { label: t('admin.history.fields.amount'), value: money(Number(data.amountCents)) },
          { label: t('admin.history.fields.date'), value: formatDate(String(data.date)) },
          { label: t('admin.history.fields.method'), value: t(`enum.paymentMethod.${String(data.method)}`, { defaultValue: String(data.method) }) },
          ...(data.reference ? [{ label: t('admin.history.fields.reference'), value: String(data.reference) }] : []),
        ],
      };
    case 'PaymentRemoved':
      return {
        title,
        changes: [
          ...moneyOn(data, t, money),
          { label: t('admin.history.fields.method'), value: t(`enum.paymentMethod.${String(data.method)}`, { defaultValue: String(data.method) }) },
          { label: t('admin.history.fields.reason'), value: t(`admin.history.removalReason.${String(data.reason)}`, { defaultValue: String(data.reason) }) },
        ],
      };
    case 'InvoiceVoided':
      return {
        title,
        changes: [
          { label: t('admin.history.fields.reason'), value: t(`admin.history.voidReason.${String(data.reason)}`, { defaultValue: String(data.reason) }) },
          { label: t('admin.history.fields.total'), value: money((data.totals as Totals).grossCents) },
        ],
      };
    case 'InvoiceCredited':
      return {
        title,
        changes: [
          { label: t('admin.history.fields.creditNoteNumber'), value: String(data.creditNoteNumber) },
          { label: t('admin.history.fields.date'), value: formatDate(String(data.date)) },
          { label: t('admin.history.fields.reason'), value: String(data.reason) },
          { label: t('admin.history.fields.total'), value: money((data.totals as Totals).grossCents) },
        ],
      };
    case 'PaymentRefunded':
      return {
        title,
        changes: [
          ...moneyOn(data, t, money),
          { label: t('admin.history.fields.method'), value: t(`enum.paymentMethod.${String(data.method)}`, { defaultValue: String(data.method) }) },
          { label: t('admin.history.fields.reason'), value: String(data.reason) },
          ...(data.reference ? [{ label: t('admin.history.fields.reference'), value: String(data.reference) }] : []),
        ],
      };
    case 'RefundFailed':
      return { title, changes: moneyOn(data, t, money) };
    case 'PaymentDisputed':
      return {
        title,
        changes: [
          ...moneyOn(data, t, money),
          ...(data.reason ? [{ label: t('admin.history.fields.reason'), value: t(`admin.history.disputeReason.${String(data.reason)}`, { defaultValue: String(data.reason) }) }] : []),
        ],
      };
    case 'DisputeClosed':
      return {
        title,
        changes: [...moneyOn(data, t, money), { label: t('admin.history.fields.outcome'), value: t(`admin.history.outcome.${String(data.outcome)}`, { defaultValue: String(data.outcome) }) }],
      };
    case 'GatewayFeeCharged':
      return {
        title,
        changes: [...moneyOn(data, t, money), { label: t('admin.history.fields.feeFor'), value: t(`admin.history.feeKind.${String(data.kind)}`, { defaultValue: String(data.kind) }) }],
      };
    case 'CreditTransferred':
      return { title, changes: [...moneyOn(data, t, money), { label: t('admin.history.fields.toInvoice'), value: String(data.toInvoiceNumber) }] };
    case 'InvoiceWrittenOff':
      return { title, changes: [...moneyOn(data, t, money), { label: t('admin.history.fields.reason'), value: String(data.reason) }] };
    case 'PaymentReminderSent':
      return {
        title,
        changes: [
          { label: t('admin.history.fields.reminder'), value: reminderDayLabel(Number(data.step), t) },
          { label: t('admin.history.fields.dueDate'), value: formatDate(String(data.dueDate)) },
          { label: t('admin.history.fields.openAmount'), value: money(Number(data.openCents)) },
          { label: t('admin.history.fields.to'), value: String(data.to) },
          { label: t('admin.history.fields.language'), value: LANGUAGE_LABELS[data.language as SiteLanguage] ?? String(data.language) },
        ],
      };
    default:
      return { title, changes: [{ label: t('admin.history.fields.data'), value: JSON.stringify(data) }] };
  }
};
