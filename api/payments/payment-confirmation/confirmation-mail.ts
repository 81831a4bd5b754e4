import type { MailCompany, MailContent } from '../../mail/branded-mail';
/** The payment confirmation e-mail in the client's language (en, el, ru; anything else gets en). */
export interface ConfirmationInput {
  language: string;
  clientName: string;
  invoiceNumber: string;
  amountCents: number;
  date: string;
  reference: string | null;
}

const euros = (cents: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const day = (iso: string) => iso.split('-').reverse().join('/');

type Parts = { amount: string; number: string; date: string };

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  thanks: (p: Parts) => string;
  settled: string;
  reference: string;
  closing: string;
}

const TEXTS: Record<'en' | 'el' | 'ru', Texts> = {
  en: {
    subject: 'Payment received for invoice',
    greeting: (name) => `Dear ${name},`,
    thanks: (p) => `Thank you for your payment of ${p.amount} for invoice ${p.number}, received on ${p.date}.`,
    settled: 'This invoice is now settled. No further action is needed.',
    reference: 'Payment reference',
    closing: 'Kind regards,',
  },
  el: {
    subject: 'Λάβαμε την πληρωμή για το τιμολόγιο',
    greeting: (name) => `Αγαπητέ/ή ${name},`,
    thanks: (p) => `Σας ευχαριστούμε για την πληρωμή ${p.amount} για το τιμολόγιο ${p.number}, που λάβαμε στις ${p.date}.`,
    settled: 'Το τιμολόγιο έχει πλέον εξοφληθεί. Δεν απαιτείται καμία άλλη ενέργεια.',
    reference: 'Αναφορά πληρωμής',
    closing: 'Με εκτίμηση,',
  },
  ru: {
    subject: 'Получен платёж по счёту',
    greeting: (name) => `Уважаемый(ая) ${name},`,
    thanks: (p) => `Благодарим вас за оплату в размере ${p.amount} по счёту ${p.number}, полученную ${p.date}.`,
    settled: 'Счёт оплачен. Никаких дальнейших действий не требуется.',
    reference: 'Номер платежа',
    closing: 'С уважением,',
  },
};

export const confirmationMail = (input: ConfirmationInput, company: MailCompany): { subject: string; content: MailContent } => {
  const lng = input.language === 'el' || input.language === 'ru' ? input.language : 'en';
  const t = TEXTS[lng];
  const thanks = t.thanks({ amount: euros(input.amountCents), number: input.invoiceNumber, date: day(input.date) });
  return {
    subject: `${t.subject} ${input.invoiceNumber}`,
    content: {
      language: lng,
      preview: thanks,
      greeting: t.greeting(input.clientName),
      paragraphs: [thanks],
      details: input.reference ? [[t.reference, input.reference]] : [],
      after: [t.settled],
      closing: t.closing,
      company,
    },
  };
};
