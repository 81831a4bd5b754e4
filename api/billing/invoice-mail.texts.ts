import { mailLanguage } from './client-user.mail';

type Lang = 'en' | 'el' | 'ru';

export interface InvoiceLabels {
  invoice: string;
  number: string;
  date: string;
  dueDate: string;
  period: string;
  billTo: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  of: string;
  amount: string;
  net: string;
  total: string;
  vatNumber: string;
  registration: string;
  payNote: string;
  paidNote: string;
  creditNote: string;
  creditNoteNumber: string;
  creditsInvoice: string;
  reason: string;
  creditNoteNote: string;
  paymentTerms: string;
  payableBy: string;
  bankTransfer: string;
  iban: string;
  bic: string;
  paymentReference: string;
  reverseCharge: string;
  reverseChargeNote: string;
  exempt: string;
  zeroRated: string;
}

const labels: Record<Lang, InvoiceLabels> = {
  en: {
    invoice: 'INVOICE', number: 'Invoice #', date: 'Date', dueDate: 'Due Date', period: 'Period', billTo: 'Bill to',
    description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', vat: 'VAT', of: 'of', amount: 'Amount',
    net: 'Net amount', total: 'Total Amount', vatNumber: 'VAT number', registration: 'Registration number',
    payNote: 'Pay online:', paidNote: 'This invoice has already been paid.',
    creditNote: 'CREDIT NOTE', creditNoteNumber: 'Credit note #', creditsInvoice: 'Credits invoice', reason: 'Reason',
    creditNoteNote: 'This credit note reduces the amount owed on the invoice it refers to.',
    paymentTerms: 'Payment terms', payableBy: 'payable by', bankTransfer: 'Bank transfer', iban: 'IBAN', bic: 'BIC', paymentReference: 'Reference',
    reverseCharge: 'Reverse charge', reverseChargeNote: 'VAT to be accounted for by the recipient (Article 196 of Directive 2006/112/EC).',
    exempt: 'Exempt', zeroRated: 'zero rated',
  },
  el: {
    invoice: 'ΤΙΜΟΛΟΓΙΟ', number: 'Αρ. τιμολογίου', date: 'Ημερομηνία', dueDate: 'Ημερομηνία λήξης', period: 'Περίοδος', billTo: 'Χρέωση σε',
    description: 'Περιγραφή', quantity: 'Ποσ.', unitPrice: 'Τιμή μονάδας', vat: 'ΦΠΑ', of: 'επί', amount: 'Ποσό',
    net: 'Καθαρό ποσό', total: 'Συνολικό ποσό', vatNumber: 'ΑΦΜ', registration: 'Αριθμός εγγραφής',
    payNote: 'Πληρωμή online:', paidNote: 'Αυτό το τιμολόγιο έχει ήδη εξοφληθεί.',
    creditNote: 'ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ', creditNoteNumber: 'Αρ. πιστωτικού', creditsInvoice: 'Πιστώνει το τιμολόγιο', reason: 'Αιτιολογία',
    creditNoteNote: 'Αυτό το πιστωτικό τιμολόγιο μειώνει το οφειλόμενο ποσό του τιμολογίου στο οποίο αναφέρεται.',
    paymentTerms: 'Όροι πληρωμής', payableBy: 'πληρωτέο έως', bankTransfer: 'Τραπεζική μεταφορά', iban: 'IBAN', bic: 'BIC', paymentReference: 'Αιτιολογία',
    reverseCharge: 'Αντίστροφη επιβάρυνση', reverseChargeNote: 'Ο ΦΠΑ οφείλεται από τον λήπτη (άρθρο 196 της Οδηγίας 2006/112/ΕΚ).',
    exempt: 'Απαλλάσσεται', zeroRated: 'μηδενικός συντελεστής',
  },
  ru: {
    invoice: 'СЧЁТ', number: 'Счёт №', date: 'Дата', dueDate: 'Срок оплаты', period: 'Период', billTo: 'Плательщик',
    description: 'Описание', quantity: 'Кол.', unitPrice: 'Цена', vat: 'НДС', of: 'от', amount: 'Сумма',
    net: 'Сумма без НДС', total: 'Итого', vatNumber: 'Номер плательщика НДС', registration: 'Регистрационный номер',
    payNote: 'Оплатить онлайн:', paidNote: 'Этот счёт уже оплачен.',
    creditNote: 'КРЕДИТ-НОТА', creditNoteNumber: 'Кредит-нота №', creditsInvoice: 'К счёту', reason: 'Основание',
    creditNoteNote: 'Эта кредит-нота уменьшает сумму к оплате по указанному счёту.',
    paymentTerms: 'Условия оплаты', payableBy: 'оплатить до', bankTransfer: 'Банковский перевод', iban: 'IBAN', bic: 'BIC', paymentReference: 'Назначение платежа',
    reverseCharge: 'Обратное начисление НДС', reverseChargeNote: 'НДС уплачивается получателем (статья 196 Директивы 2006/112/ЕС).',
    exempt: 'Освобождено', zeroRated: 'нулевая ставка',
  },
};

export const invoiceLabels = (language: string): InvoiceLabels => labels[mailLanguage(language)];

/** A day as e-mails write it in every language: 15.03.2026. */
export const mailDay = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

interface MailVars {
  clientName: string;
  invoiceNumber: string;
  total: string;
  dueDate: string;
  payUrl: string;
  company: string;
}

const messages: Record<Lang, { subject: (v: MailVars) => string; body: (v: MailVars) => string }> = {
  en: {
    subject: (v) => `Invoice ${v.invoiceNumber} from ${v.company}`,
    body: (v) =>
      `Dear ${v.clientName},\n\nPlease find attached invoice ${v.invoiceNumber} for ${v.total}, due on ${v.dueDate}.\n\nYou can pay it online at:\n${v.payUrl}\n\nKind regards,\n${v.company}\n`,
  },
  el: {
    subject: (v) => `Τιμολόγιο ${v.invoiceNumber} από ${v.company}`,
    body: (v) =>
      `Αγαπητέ/ή ${v.clientName},\n\nΣας επισυνάπτουμε το τιμολόγιο ${v.invoiceNumber} ποσού ${v.total}, με λήξη στις ${v.dueDate}.\n\nΜπορείτε να το πληρώσετε online εδώ:\n${v.payUrl}\n\nΜε εκτίμηση,\n${v.company}\n`,
  },
  ru: {
    subject: (v) => `Счёт ${v.invoiceNumber} от ${v.company}`,
    body: (v) =>
      `Уважаемый(ая) ${v.clientName},\n\nВо вложении счёт ${v.invoiceNumber} на сумму ${v.total}, срок оплаты ${v.dueDate}.\n\nОплатить онлайн можно по ссылке:\n${v.payUrl}\n\nС уважением,\n${v.company}\n`,
  },
};

export const invoiceMail = (language: string, vars: MailVars): { subject: string; text: string } => {
  const m = messages[mailLanguage(language)];
  return { subject: m.subject(vars), text: m.body(vars) };
};
