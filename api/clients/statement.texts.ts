import type { StatementKind } from '../../domain/accounting/statement';
import { mailLanguage } from '../platform/mail/language';
import { invoiceLabels } from '../invoicing';

export interface StatementLabels {
  title: string;
  period: string;
  issued: string;
  client: string;
  vatNumber: string;
  registration: string;
  date: string;
  document: string;
  description: string;
  debit: string;
  credit: string;
  balance: string;
  opening: string;
  totals: string;
  closing: string;
  /** "(invoice 2026-000123)" after a row that is not the invoice itself. */
  forInvoice: string;
  noMovements: string;
  owes: string;
  inCredit: string;
  settled: string;
  kinds: Record<StatementKind, string>;
}

type Own = Omit<StatementLabels, 'vatNumber' | 'registration'>;

const labels: Record<'en' | 'el' | 'ru', Own> = {
  en: {
    title: 'STATEMENT OF ACCOUNT', period: 'Period', issued: 'Date', client: 'Client',
    date: 'Date', document: 'Document', description: 'Description', debit: 'Debit', credit: 'Credit', balance: 'Balance',
    opening: 'Opening balance', totals: 'Totals for the period', closing: 'Closing balance', forInvoice: 'invoice',
    noMovements: 'No movements in this period.',
    owes: 'Balance due at the end of the period.',
    inCredit: 'A negative balance is a credit in your favour.',
    settled: 'Your account was settled at the end of the period.',
    kinds: { invoice: 'Invoice', invoice_cancelled: 'Invoice cancelled', credit_note: 'Credit note', payment: 'Payment', refund: 'Refund', refund_failed: 'Refund failed', chargeback: 'Chargeback (dispute lost)', credit_moved: 'Credit moved to another invoice', credit_applied: 'Credit applied', adjustment: 'Adjustment', other: 'Other' },
  },
  el: {
    title: 'ΚΑΤΑΣΤΑΣΗ ΛΟΓΑΡΙΑΣΜΟΥ', period: 'Περίοδος', issued: 'Ημερομηνία', client: 'Πελάτης',
    date: 'Ημερομηνία', document: 'Παραστατικό', description: 'Περιγραφή', debit: 'Χρέωση', credit: 'Πίστωση', balance: 'Υπόλοιπο',
    opening: 'Υπόλοιπο έναρξης', totals: 'Σύνολα περιόδου', closing: 'Υπόλοιπο λήξης', forInvoice: 'τιμολόγιο',
    noMovements: 'Δεν υπάρχουν κινήσεις σε αυτή την περίοδο.',
    owes: 'Οφειλόμενο υπόλοιπο στο τέλος της περιόδου.',
    inCredit: 'Αρνητικό υπόλοιπο σημαίνει πίστωση υπέρ σας.',
    settled: 'Ο λογαριασμός σας ήταν εξοφλημένος στο τέλος της περιόδου.',
    kinds: { invoice: 'Τιμολόγιο', invoice_cancelled: 'Ακύρωση τιμολογίου', credit_note: 'Πιστωτικό τιμολόγιο', payment: 'Πληρωμή', refund: 'Επιστροφή χρημάτων', refund_failed: 'Αποτυχία επιστροφής χρημάτων', chargeback: 'Αντιλογισμός χρέωσης (χαμένη αμφισβήτηση)', credit_moved: 'Μεταφορά πίστωσης σε άλλο τιμολόγιο', credit_applied: 'Συμψηφισμός πίστωσης', adjustment: 'Διόρθωση', other: 'Λοιπή κίνηση' },
  },
  ru: {
    title: 'ВЫПИСКА ПО РАСЧЁТАМ', period: 'Период', issued: 'Дата', client: 'Клиент',
    date: 'Дата', document: 'Документ', description: 'Описание', debit: 'Дебет', credit: 'Кредит', balance: 'Сальдо',
    opening: 'Начальное сальдо', totals: 'Обороты за период', closing: 'Конечное сальдо', forInvoice: 'по счёту',
    noMovements: 'За период движений нет.',
    owes: 'Задолженность на конец периода.',
    inCredit: 'Отрицательное сальдо — переплата в вашу пользу.',
    settled: 'На конец периода задолженности нет.',
    kinds: { invoice: 'Счёт', invoice_cancelled: 'Отмена счёта', credit_note: 'Кредит-нота', payment: 'Оплата', refund: 'Возврат средств', refund_failed: 'Возврат не прошёл', chargeback: 'Чарджбэк (спор проигран)', credit_moved: 'Перенос кредитового остатка на другой счёт', credit_applied: 'Зачёт кредитового остатка', adjustment: 'Корректировка', other: 'Прочее' },
  },
};

export const statementLabels = (language: string): StatementLabels => {
  const invoice = invoiceLabels(language);
  return { ...labels[mailLanguage(language)], vatNumber: invoice.vatNumber, registration: invoice.registration };
};
