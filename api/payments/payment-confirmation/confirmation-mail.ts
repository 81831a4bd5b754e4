import { formatEuros } from '../../../domain/shared/money';
import { mailDay } from '../../invoicing';
import type { MailCompany, MailContent } from '../../platform/mail/branded-mail';

/** The payment confirmation e-mail in the client's language (en, el, ru; anything else gets en). */
export interface ConfirmationInput {
  language: string;
  clientName: string;
  invoiceNumber: string;
  amountCents: number;
  date: string;
  reference: string | null;
  /** What the invoice still owes after this payment. */
  openCents: number;
  /** The invoice's pay page, for what is still open. */
  payUrl: string;
}

type Parts = { amount: string; number: string; date: string };

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  thanks: (p: Parts) => string;
  settled: string;
  stillOpen: (amount: string) => string;
  paid: string;
  open: string;
  payNow: string;
  reference: string;
  closing: string;
}

const TEXTS: Record<'en' | 'el' | 'ru', Texts> = {
  en: {
    subject: 'Payment received for invoice',
    greeting: (name) => `Dear ${name},`,
    thanks: (p) => `Thank you for your payment of ${p.amount} for invoice ${p.number}, received on ${p.date}.`,
    settled: 'This invoice is now settled. No further action is needed.',
    stillOpen: (amount) => `There is still ${amount} to pay on this invoice. You can pay it online with the button below.`,
    paid: 'Amount paid',
    open: 'Still to pay',
    payNow: 'Pay now',
    reference: 'Payment reference',
    closing: 'Kind regards,',
  },
  el: {
    subject: 'Λάβαμε την πληρωμή για το τιμολόγιο',
    greeting: (name) => `Αγαπητέ/ή ${name},`,
    thanks: (p) => `Σας ευχαριστούμε για την πληρωμή ${p.amount} για το τιμολόγιο ${p.number}, που λάβαμε στις ${p.date}.`,
    settled: 'Το τιμολόγιο έχει πλέον εξοφληθεί. Δεν απαιτείται καμία άλλη ενέργεια.',
    stillOpen: (amount) => `Απομένει να πληρωθεί ποσό ${amount} για αυτό το τιμολόγιο. Μπορείτε να το πληρώσετε online με το παρακάτω κουμπί.`,
    paid: 'Ποσό πληρωμής',
    open: 'Υπόλοιπο προς πληρωμή',
    payNow: 'Πληρωμή τώρα',
    reference: 'Αναφορά πληρωμής',
    closing: 'Με εκτίμηση,',
  },
  ru: {
    subject: 'Получен платёж по счёту',
    greeting: (name) => `Уважаемый(ая) ${name},`,
    thanks: (p) => `Благодарим вас за оплату в размере ${p.amount} по счёту ${p.number}, полученную ${p.date}.`,
    settled: 'Счёт оплачен. Никаких дальнейших действий не требуется.',
    stillOpen: (amount) => `По этому счёту остаётся к оплате ${amount}. Оплатить можно онлайн по кнопке ниже.`,
    paid: 'Оплачено',
    open: 'Осталось оплатить',
    payNow: 'Оплатить',
    reference: 'Номер платежа',
    closing: 'С уважением,',
  },
};

/**
 * "Settled" only when nothing is open after the payment; otherwise the mail says what was paid and
 * what is still owed, with a Pay now button to the invoice's pay page.
 */
export const confirmationMail = (input: ConfirmationInput, company: MailCompany): { subject: string; content: MailContent } => {
  const lng = input.language === 'el' || input.language === 'ru' ? input.language : 'en';
  const t = TEXTS[lng];
  const paid = formatEuros(input.amountCents);
  const thanks = t.thanks({ amount: paid, number: input.invoiceNumber, date: mailDay(input.date) });
  const reference: [string, string][] = input.reference ? [[t.reference, input.reference]] : [];
  const base = { language: lng, preview: thanks, greeting: t.greeting(input.clientName), closing: t.closing, company } as const;
  if (input.openCents <= 0) {
    return { subject: `${t.subject} ${input.invoiceNumber}`, content: { ...base, paragraphs: [thanks], details: reference, after: [t.settled] } };
  }
  const open = formatEuros(input.openCents);
  return {
    subject: `${t.subject} ${input.invoiceNumber}`,
    content: {
      ...base,
      paragraphs: [thanks, t.stillOpen(open)],
      details: [[t.paid, paid], [t.open, open], ...reference],
      action: { label: t.payNow, url: input.payUrl },
    },
  };
};
