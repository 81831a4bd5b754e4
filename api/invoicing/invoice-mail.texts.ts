import type { MailCompany, MailContent } from '../platform/mail/branded-mail';
import { mailLanguage } from '../platform/mail/language';

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
  /** The mark under a paid invoice's title. */
  paidStamp: string;
  /** What was paid before the document was printed (a partly paid invoice). */
  paidSoFar: string;
  /** What is still owed on it. */
  amountDue: string;
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
  /** Greece's myDATA: the registration number AADE gave the document, and what the QR code leads to. */
  mydataMark: string;
  mydataNote: string;
  exempt: string;
  zeroRated: string;
  /** A document in another currency: its VAT in euros (Art. 230 of the VAT Directive). */
  vatInEuros: string;
  vatTotalInEuros: string;
  /** "Exchange rate: 1 EUR = 1.1594 USD (27/02/2026)". */
  exchangeRate: string;
}

const labels: Record<Lang, InvoiceLabels> = {
  en: {
    invoice: 'INVOICE', number: 'Invoice #', date: 'Date', dueDate: 'Due Date', period: 'Period', billTo: 'Bill to',
    description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', vat: 'VAT', of: 'of', amount: 'Amount',
    net: 'Net amount', total: 'Total Amount', vatNumber: 'VAT number', registration: 'Registration number',
    payNote: 'Pay online:', paidNote: 'This invoice has already been paid.', paidStamp: 'PAID', paidSoFar: 'Paid so far', amountDue: 'Amount due',
    creditNote: 'CREDIT NOTE', creditNoteNumber: 'Credit note #', creditsInvoice: 'Credits invoice', reason: 'Reason',
    creditNoteNote: 'This credit note reduces the amount owed on the invoice it refers to.',
    paymentTerms: 'Payment terms', payableBy: 'payable by', bankTransfer: 'Bank transfer', iban: 'IBAN', bic: 'BIC', paymentReference: 'Payment reference',
    reverseCharge: 'Reverse charge', reverseChargeNote: 'VAT to be accounted for by the recipient (Article 196 of Directive 2006/112/EC).',
    mydataMark: 'MARK', mydataNote: 'Registered with AADE myDATA; the QR code leads to its record.',
    exempt: 'Exempt', zeroRated: 'zero rated',
    vatInEuros: 'in EUR', vatTotalInEuros: 'Total VAT in EUR', exchangeRate: 'Exchange rate',
  },
  el: {
    invoice: 'ΤΙΜΟΛΟΓΙΟ', number: 'Αρ. τιμολογίου', date: 'Ημερομηνία', dueDate: 'Ημερομηνία λήξης', period: 'Περίοδος', billTo: 'Χρέωση σε',
    description: 'Περιγραφή', quantity: 'Ποσ.', unitPrice: 'Τιμή μονάδας', vat: 'ΦΠΑ', of: 'επί', amount: 'Ποσό',
    net: 'Καθαρό ποσό', total: 'Συνολικό ποσό', vatNumber: 'ΑΦΜ', registration: 'Αριθμός εγγραφής',
    payNote: 'Πληρωμή online:', paidNote: 'Αυτό το τιμολόγιο έχει ήδη εξοφληθεί.', paidStamp: 'ΕΞΟΦΛΗΘΗΚΕ', paidSoFar: 'Έχουν καταβληθεί', amountDue: 'Οφειλόμενο ποσό',
    creditNote: 'ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ', creditNoteNumber: 'Αρ. πιστωτικού', creditsInvoice: 'Πιστώνει το τιμολόγιο', reason: 'Αιτιολογία',
    creditNoteNote: 'Αυτό το πιστωτικό τιμολόγιο μειώνει το οφειλόμενο ποσό του τιμολογίου στο οποίο αναφέρεται.',
    paymentTerms: 'Όροι πληρωμής', payableBy: 'πληρωτέο έως', bankTransfer: 'Τραπεζική μεταφορά', iban: 'IBAN', bic: 'BIC', paymentReference: 'Κωδικός πληρωμής',
    reverseCharge: 'Αντίστροφη επιβάρυνση', reverseChargeNote: 'Ο ΦΠΑ οφείλεται από τον λήπτη (άρθρο 196 της Οδηγίας 2006/112/ΕΚ).',
    mydataMark: 'Μ.ΑΡ.Κ.', mydataNote: 'Διαβιβάστηκε στο myDATA της ΑΑΔΕ· ο κωδικός QR οδηγεί στην εγγραφή του.',
    exempt: 'Απαλλάσσεται', zeroRated: 'μηδενικός συντελεστής',
    vatInEuros: 'σε EUR', vatTotalInEuros: 'Σύνολο ΦΠΑ σε EUR', exchangeRate: 'Συναλλαγματική ισοτιμία',
  },
  ru: {
    invoice: 'СЧЁТ', number: 'Счёт №', date: 'Дата', dueDate: 'Срок оплаты', period: 'Период', billTo: 'Плательщик',
    description: 'Описание', quantity: 'Кол.', unitPrice: 'Цена', vat: 'НДС', of: 'от', amount: 'Сумма',
    net: 'Сумма без НДС', total: 'Итого', vatNumber: 'Номер плательщика НДС', registration: 'Регистрационный номер',
    payNote: 'Оплатить онлайн:', paidNote: 'Этот счёт уже оплачен.', paidStamp: 'ОПЛАЧЕН', paidSoFar: 'Уже оплачено', amountDue: 'К оплате',
    creditNote: 'КРЕДИТ-НОТА', creditNoteNumber: 'Кредит-нота №', creditsInvoice: 'К счёту', reason: 'Основание',
    creditNoteNote: 'Эта кредит-нота уменьшает сумму к оплате по указанному счёту.',
    paymentTerms: 'Условия оплаты', payableBy: 'оплатить до', bankTransfer: 'Банковский перевод', iban: 'IBAN', bic: 'BIC', paymentReference: 'Референс платежа',
    reverseCharge: 'Обратное начисление НДС', reverseChargeNote: 'НДС уплачивается получателем (статья 196 Директивы 2006/112/ЕС).',
    mydataMark: 'MARK', mydataNote: 'Зарегистрирован в myDATA (AADE, Греция); QR-код ведёт к записи.',
    exempt: 'Освобождено', zeroRated: 'нулевая ставка',
    vatInEuros: 'в EUR', vatTotalInEuros: 'Итого НДС в EUR', exchangeRate: 'Курс',
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
  /** Nothing left to pay (a paid invoice sent again): no button. */
  settled: boolean;
}

interface InvoiceMailTexts {
  subject: (v: MailVars, company: string) => string;
  title: (v: MailVars) => string;
  greeting: (v: Pick<MailVars, 'clientName'>) => string;
  attached: (v: MailVars) => string;
  payNow: string;
  closing: string;
}

const messages: Record<Lang, InvoiceMailTexts> = {
  en: {
    subject: (v, company) => `Invoice ${v.invoiceNumber} from ${company}`,
    title: (v) => `Invoice ${v.invoiceNumber}`,
    greeting: (v) => `Dear ${v.clientName},`,
    attached: (v) => `Please find attached invoice ${v.invoiceNumber} for ${v.total}, due on ${v.dueDate}.`,
    payNow: 'Pay now',
    closing: 'Kind regards,',
  },
  el: {
    subject: (v, company) => `Τιμολόγιο ${v.invoiceNumber} από ${company}`,
    title: (v) => `Τιμολόγιο ${v.invoiceNumber}`,
    greeting: (v) => `Αγαπητέ/ή ${v.clientName},`,
    attached: (v) => `Σας επισυνάπτουμε το τιμολόγιο ${v.invoiceNumber} ποσού ${v.total}, με λήξη στις ${v.dueDate}.`,
    payNow: 'Πληρωμή τώρα',
    closing: 'Με εκτίμηση,',
  },
  ru: {
    subject: (v, company) => `Счёт ${v.invoiceNumber} от ${company}`,
    title: (v) => `Счёт ${v.invoiceNumber}`,
    greeting: (v) => `Уважаемый(ая) ${v.clientName},`,
    attached: (v) => `Во вложении счёт ${v.invoiceNumber} на сумму ${v.total}, срок оплаты ${v.dueDate}.`,
    payNow: 'Оплатить',
    closing: 'С уважением,',
  },
};

/** The invoice e-mail in the client's language: the amount and due date, and a Pay now button while something is owed. */
export const invoiceMail = (language: string, vars: MailVars, company: MailCompany): { subject: string; content: MailContent } => {
  const lang = mailLanguage(language);
  const m = messages[lang];
  const l = labels[lang];
  return {
    subject: m.subject(vars, company.name),
    content: {
      language: lang,
      preview: m.attached(vars),
      title: m.title(vars),
      greeting: m.greeting(vars),
      paragraphs: [m.attached(vars)],
      details: [
        [l.total, vars.total],
        [l.dueDate, vars.dueDate],
      ],
      action: vars.settled ? undefined : { label: m.payNow, url: vars.payUrl },
      after: vars.settled ? [l.paidNote] : [],
      closing: m.closing,
      company,
    },
  };
};

interface CreditNoteMailVars {
  clientName: string;
  creditNoteNumber: string;
  invoiceNumber: string;
  credited: string;
  reason: string;
  /** What is still owed on the invoice after the credit note; empty when nothing is. */
  stillOwed: string | null;
  payUrl: string;
}

interface CreditNoteMailTexts {
  subject: (v: CreditNoteMailVars, company: string) => string;
  title: (v: CreditNoteMailVars) => string;
  attached: (v: CreditNoteMailVars) => string;
  stillOwed: (v: CreditNoteMailVars) => string;
  reason: string;
}

const creditNoteMessages: Record<Lang, CreditNoteMailTexts> = {
  en: {
    subject: (v, company) => `Credit note ${v.creditNoteNumber} for invoice ${v.invoiceNumber} from ${company}`,
    title: (v) => `Credit note ${v.creditNoteNumber}`,
    attached: (v) => `Please find attached credit note ${v.creditNoteNumber}, which credits ${v.credited} of invoice ${v.invoiceNumber}.`,
    stillOwed: (v) => `The amount still to pay on invoice ${v.invoiceNumber} is ${v.stillOwed}.`,
    reason: 'Reason',
  },
  el: {
    subject: (v, company) => `Πιστωτικό τιμολόγιο ${v.creditNoteNumber} για το τιμολόγιο ${v.invoiceNumber} από ${company}`,
    title: (v) => `Πιστωτικό τιμολόγιο ${v.creditNoteNumber}`,
    attached: (v) => `Σας επισυνάπτουμε το πιστωτικό τιμολόγιο ${v.creditNoteNumber}, που πιστώνει ${v.credited} του τιμολογίου ${v.invoiceNumber}.`,
    stillOwed: (v) => `Το ποσό που απομένει να πληρωθεί για το τιμολόγιο ${v.invoiceNumber} είναι ${v.stillOwed}.`,
    reason: 'Αιτιολογία',
  },
  ru: {
    subject: (v, company) => `Кредит-нота ${v.creditNoteNumber} к счёту ${v.invoiceNumber} от ${company}`,
    title: (v) => `Кредит-нота ${v.creditNoteNumber}`,
    attached: (v) => `Во вложении кредит-нота ${v.creditNoteNumber} на сумму ${v.credited} к счёту ${v.invoiceNumber}.`,
    stillOwed: (v) => `Остаток к оплате по счёту ${v.invoiceNumber}: ${v.stillOwed}.`,
    reason: 'Основание',
  },
};

/** The credit note e-mail: what it credits and why, and a Pay now button while the invoice still has something to pay. */
export const creditNoteMail = (language: string, vars: CreditNoteMailVars, company: MailCompany): { subject: string; content: MailContent } => {
  const lang = mailLanguage(language);
  const m = creditNoteMessages[lang];
  const common = messages[lang];
  return {
    subject: m.subject(vars, company.name),
    content: {
      language: lang,
      preview: m.attached(vars),
      title: m.title(vars),
      greeting: common.greeting(vars),
      paragraphs: [m.attached(vars), ...(vars.stillOwed ? [m.stillOwed(vars)] : [])],
      details: [[m.reason, vars.reason]],
      action: vars.stillOwed ? { label: common.payNow, url: vars.payUrl } : undefined,
      closing: common.closing,
      company,
    },
  };
};
